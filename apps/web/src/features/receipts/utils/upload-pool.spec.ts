import { describe, expect, it } from '@jest/globals';
import { UploadPool, type SendOutcome } from './upload-pool';

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function settle(pool: UploadPool<number>): Promise<void> {
  for (let i = 0; i < 1000 && pool.pending > 0; i += 1) await tick();
}

describe('UploadPool', () => {
  it('never has more than the limit in flight, and sends every task once, in order', async () => {
    let inFlight = 0;
    let most = 0;
    const sent: number[] = [];
    const pool = new UploadPool<number>({
      concurrency: 3,
      send: async (task) => {
        sent.push(task);
        inFlight += 1;
        most = Math.max(most, inFlight);
        await tick();
        await tick();
        inFlight -= 1;
        return undefined;
      },
    });
    pool.add(Array.from({ length: 10 }, (_, index) => index));
    pool.add([10, 11]);
    await settle(pool);
    expect(most).toBe(3);
    expect(sent).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('pauses everyone for the Retry-After of a 429, then sends the refused task again', async () => {
    let clock = 0;
    const slept: number[] = [];
    const waited: [number, number][] = [];
    const sent: [number, number][] = [];
    let refusedOnce = false;
    const pool = new UploadPool<number>({
      concurrency: 2,
      now: () => clock,
      sleep: async (ms) => {
        slept.push(ms);
        clock += ms;
        await tick();
      },
      onWait: (task, until) => waited.push([task, until]),
      send: async (task): Promise<SendOutcome> => {
        sent.push([task, clock]);
        await tick();
        if (task === 1 && !refusedOnce) {
          refusedOnce = true;
          return { retryAfterMs: 30_000 };
        }
        return undefined;
      },
    });
    pool.add([1, 2, 3, 4]);
    await settle(pool);

    expect(sent.filter(([task]) => task === 1)).toEqual([
      [1, 0],
      [1, 30_000],
    ]);
    // Nothing but the first two went before the pause ended.
    expect(sent.filter(([, at]) => at === 0).map(([task]) => task)).toEqual([1, 2]);
    expect(sent.map(([task]) => task).sort()).toEqual([1, 1, 2, 3, 4]);
    expect(waited.every(([, until]) => until === 30_000)).toBe(true);
    expect(slept.every((ms) => ms === 30_000)).toBe(true);
  });

  it('names every task not yet sent when it pauses, and those added during the pause', async () => {
    let clock = 0;
    const sleepers: (() => void)[] = [];
    const paused: [number, number[]][] = [];
    let refusedOnce = false;
    const pool = new UploadPool<number>({
      concurrency: 2,
      now: () => clock,
      // The pause lasts until the test says so.
      sleep: () => new Promise<void>((resolve) => sleepers.push(resolve)),
      onPause: (until, tasks) => paused.push([until, [...tasks]]),
      send: async (task): Promise<SendOutcome> => {
        await tick();
        if (task === 1 && !refusedOnce) {
          refusedOnce = true;
          return { retryAfterMs: 30_000 };
        }
        return undefined;
      },
    });
    pool.add([1, 2, 3, 4]);
    for (let i = 0; i < 10; i += 1) await tick();
    // 2 is in flight (it goes through); 3 and 4 never left.
    expect(paused).toEqual([[30_000, [1, 3, 4]]]);
    pool.add([5]);
    expect(paused[1]).toEqual([30_000, [5]]);
    clock = 30_000;
    sleepers.splice(0).forEach((wake) => wake());
    await settle(pool);
    expect(pool.pending).toBe(0);
    expect(paused).toHaveLength(2);
  });

  it('waits at least a second when the server says Retry-After: 0', async () => {
    let clock = 0;
    let calls = 0;
    const pool = new UploadPool<number>({
      now: () => clock,
      sleep: async (ms) => {
        clock += ms;
        await tick();
      },
      send: () => Promise.resolve((calls += 1) === 1 ? { retryAfterMs: 0 } : undefined),
    });
    pool.add([1]);
    await settle(pool);
    expect(calls).toBe(2);
    expect(clock).toBe(1000);
  });

  it('goes on after a send that throws', async () => {
    const sent: number[] = [];
    const pool = new UploadPool<number>({
      concurrency: 1,
      send: (task) => {
        sent.push(task);
        return task === 1 ? Promise.reject(new Error('boom')) : Promise.resolve(undefined);
      },
    });
    pool.add([1, 2]);
    await settle(pool);
    expect(sent).toEqual([1, 2]);
  });
});
