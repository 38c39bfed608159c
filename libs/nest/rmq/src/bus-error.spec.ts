import { describe, expect, it } from '@jest/globals';
import { BusError, isDefiniteRefusal, toBusError } from './bus-error.js';

describe('isDefiniteRefusal', () => {
  it('is true for a refusal a service answered before changing anything', () => {
    expect(isDefiniteRefusal(new BusError('VALIDATION_FAILED', 'no such entity'))).toBe(true);
    expect(isDefiniteRefusal(new BusError('NOT_FOUND', 'gone'))).toBe(true);
  });

  it('is false when the work may have happened: timeout, bus down, internal error', () => {
    expect(isDefiniteRefusal(toBusError({ name: 'TimeoutError' }))).toBe(false);
    expect(isDefiniteRefusal(new BusError('SERVICE_TIMEOUT', 'slow'))).toBe(false);
    expect(isDefiniteRefusal(new BusError('INTERNAL', 'boom'))).toBe(false);
  });

  it('is false for anything that is not a BusError', () => {
    expect(isDefiniteRefusal(new Error('socket hang up'))).toBe(false);
    expect(isDefiniteRefusal(undefined)).toBe(false);
  });
});
