import { describe, expect, it } from '@jest/globals';
import { padded } from './timing.js';

describe('padded', () => {
  it('waits out the rest of the minimum after fast work, also when it throws', async () => {
    const waits: number[] = [];
    const sleep = (ms: number) => {
      waits.push(ms);
      return Promise.resolve();
    };
    // A minute (the sleep is a stand-in): a test process kept from the CPU for seconds still
    // finds most of it left.
    await expect(padded(60_000, () => Promise.resolve('ok'), sleep)).resolves.toBe('ok');
    await expect(padded(60_000, () => Promise.reject(new Error('no')), sleep)).rejects.toThrow(
      'no',
    );
    expect(waits).toHaveLength(2);
    for (const ms of waits) expect(ms).toBeGreaterThan(50_000);
  });

  it('adds nothing when the work took longer than the minimum', async () => {
    const waits: number[] = [];
    await padded(
      5,
      () => new Promise((resolve) => setTimeout(resolve, 20)),
      (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
    );
    expect(waits).toEqual([]);
  });
});
