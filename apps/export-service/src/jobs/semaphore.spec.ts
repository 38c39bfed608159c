import { Semaphore } from './semaphore.js';

describe('Semaphore', () => {
  it('runs at most the limit at once and everything eventually', async () => {
    const gate = new Semaphore(2);
    let active = 0;
    let peak = 0;
    const done: number[] = [];
    await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        gate.use(async () => {
          active += 1;
          peak = Math.max(peak, active);
          await new Promise((resolve) => setImmediate(resolve));
          active -= 1;
          done.push(n);
        }),
      ),
    );
    expect(peak).toBe(2);
    expect(done.sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('frees its place when a task fails', async () => {
    const gate = new Semaphore(1);
    await expect(gate.use(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(gate.use(() => Promise.resolve('ok'))).resolves.toBe('ok');
  });
});
