import { describe, expect, it } from '@jest/globals';
import { BusError } from './bus-error.js';
import { queueWaitSeconds, rpcOutcome } from './bus-metrics.js';

describe('rpcOutcome', () => {
  it('is ok, timeout, or the error code', () => {
    expect(rpcOutcome(undefined, false)).toBe('ok');
    expect(rpcOutcome(new BusError('NOT_FOUND', 'gone'), false)).toBe('NOT_FOUND');
    expect(rpcOutcome(new BusError('SERVICE_UNAVAILABLE', 'late'), true)).toBe('timeout');
  });
});

describe('queueWaitSeconds', () => {
  it('is the time since the creation header, never negative', () => {
    expect(queueWaitSeconds('1000', 3_500)).toBe(2.5);
    expect(queueWaitSeconds('5000', 3_500)).toBe(0);
  });

  it('ignores a missing or malformed header', () => {
    expect(queueWaitSeconds(undefined)).toBeUndefined();
    expect(queueWaitSeconds(1000)).toBeUndefined();
    expect(queueWaitSeconds('soon')).toBeUndefined();
    expect(queueWaitSeconds('1e3')).toBeUndefined();
  });
});
