import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { createLogger } from '@snaptrack/nest-logging';
import { JobScheduler, type PeriodicJob } from './periodic-jobs.js';

const logger = createLogger('periodic-jobs-spec', 'silent');

function job(overrides: Partial<PeriodicJob> & Pick<PeriodicJob, 'run'>): PeriodicJob {
  return { name: 'test job', everyMs: 1_000, ...overrides };
}

describe('JobScheduler', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('runs a job every interval, and at start only when asked', async () => {
    jest.useFakeTimers();
    const eager = jest.fn(() => Promise.resolve());
    const lazy = jest.fn(() => Promise.resolve());
    const scheduler = new JobScheduler(
      [job({ run: eager, runAtStart: true }), job({ run: lazy })],
      logger,
    );
    scheduler.start();
    expect(eager).toHaveBeenCalledTimes(1);
    expect(lazy).toHaveBeenCalledTimes(0);
    await jest.advanceTimersByTimeAsync(2_000);
    expect(eager).toHaveBeenCalledTimes(3);
    expect(lazy).toHaveBeenCalledTimes(2);
    await scheduler.stop();
    await jest.advanceTimersByTimeAsync(5_000);
    expect(lazy).toHaveBeenCalledTimes(2);
  });

  it('never overlaps two runs of a job, and stop waits for the one in progress', async () => {
    jest.useFakeTimers();
    let finish = (): void => undefined;
    const run = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const scheduler = new JobScheduler([job({ run })], logger);
    scheduler.start();
    await jest.advanceTimersByTimeAsync(3_000);
    expect(run).toHaveBeenCalledTimes(1);
    let stopped = false;
    const stopping = scheduler.stop().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
  });

  it('logs a failed run and runs the job again at the next tick', async () => {
    jest.useFakeTimers();
    const warn = jest.spyOn(logger, 'warn');
    const run = jest
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new Error('database away'))
      .mockResolvedValue(undefined);
    const scheduler = new JobScheduler([job({ run, name: 'orphan sweep' })], logger);
    scheduler.start();
    await jest.advanceTimersByTimeAsync(2_000);
    expect(run).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ job: 'orphan sweep' }),
      'orphan sweep failed; the next run retries',
    );
    await scheduler.stop();
  });
});
