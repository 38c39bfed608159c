import { describe, expect, it } from '@jest/globals';
import { eventually, isDefined, waitUntil } from './eventually.js';

/** A read that answers the next of `values` on each call, then the last one forever. */
function reads<T>(...values: T[]): () => Promise<T> {
  let call = 0;
  return () => Promise.resolve(values[Math.min(call++, values.length - 1)]);
}

describe('eventually', () => {
  it('answers the first value that is done, reading again until then', async () => {
    const read = reads(1, 2, 3, 4);

    await expect(eventually(read, (n) => n >= 3, { intervalMs: 1 })).resolves.toBe(3);
  });

  it('answers a value once it exists', async () => {
    await expect(
      eventually(reads(undefined, undefined, { id: 'e1' }), isDefined, { intervalMs: 1 }),
    ).resolves.toEqual({ id: 'e1' });
  });

  it('names what it waited for and the last value read when time runs out', async () => {
    await expect(
      eventually(reads({ status: 'processing' }), (body) => body.status === 'ready', {
        what: 'the receipt to be read',
        timeoutMs: 20,
        intervalMs: 5,
      }),
    ).rejects.toThrow(
      'timed out waiting for the receipt to be read; last read: {"status":"processing"}',
    );
  });

  it('waits until a check holds', async () => {
    const check = reads(false, false, true);

    await expect(waitUntil(check, { intervalMs: 1 })).resolves.toBeUndefined();
    await expect(check()).resolves.toBe(true);
  });

  it('lets an error of the read through at once', async () => {
    const read = () => Promise.reject(new Error('database is gone'));

    await expect(eventually(read, () => true)).rejects.toThrow('database is gone');
  });
});
