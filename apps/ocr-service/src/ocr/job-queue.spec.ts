import { describe, expect, it, jest } from '@jest/globals';
import { JobQueue, withTimeout } from './job-queue.js';
import { OcrTimeoutError } from './ocr-engine.js';

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('JobQueue', () => {
  it('runs one job at a time, in order, and survives a failed job', async () => {
    const queue = new JobQueue();
    const order: string[] = [];
    const job =
      (name: string, ms: number, fail = false) =>
      async () => {
        order.push(`start ${name}`);
        await delay(ms);
        order.push(`end ${name}`);
        if (fail) throw new Error(name);
        return name;
      };
    const results = await Promise.allSettled([
      queue.run(job('a', 20)),
      queue.run(job('b', 5, true)),
      queue.run(job('c', 1)),
    ]);
    expect(order).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });
});

describe('withTimeout', () => {
  it('resolves with the value in time', async () => {
    await expect(withTimeout(Promise.resolve(7), 100, 'job')).resolves.toBe(7);
  });

  it('rejects with OcrTimeoutError and runs the clean-up when late', async () => {
    const onTimeout = jest.fn();
    await expect(withTimeout(new Promise(() => undefined), 20, 'job', onTimeout)).rejects.toEqual(
      new OcrTimeoutError('job', 20),
    );
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });
});
