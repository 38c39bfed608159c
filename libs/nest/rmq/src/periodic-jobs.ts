import type { Logger } from '@snaptrack/nest-logging';

/** Work a service does on a clock (sweepers, pruners), run by its one `JobScheduler`. */
export interface PeriodicJob {
  /** Names the job in the scheduler's log lines: `outbox prune`, `retention sweep`. */
  readonly name: string;
  /** Time between two runs. */
  readonly everyMs: number;
  /** Run once as soon as the service has started too, not only after the first interval. */
  readonly runAtStart?: boolean;
  /** One pass. It logs what it did; a failure is logged by the scheduler and retried next time. */
  run(): Promise<void>;
}

/**
 * Runs a service's periodic jobs: one timer each, never two runs of a job at once (a long pass
 * skips the ticks it overlaps), a failure logged and left to the next run; `stop` ends the
 * timers and waits for the runs in progress.
 */
export class JobScheduler {
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Map<PeriodicJob, Promise<void>>();

  constructor(
    private readonly jobs: readonly PeriodicJob[],
    private readonly logger: Logger,
  ) {}

  start(): void {
    for (const job of this.jobs) {
      const timer = setInterval(() => this.tick(job), job.everyMs);
      timer.unref();
      this.timers.push(timer);
      if (job.runAtStart) this.tick(job);
    }
  }

  async stop(): Promise<void> {
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    await Promise.all(this.running.values());
  }

  private tick(job: PeriodicJob): void {
    if (this.running.has(job)) return;
    const run = job
      .run()
      .catch((error: unknown) => {
        this.logger.warn({ err: error, job: job.name }, `${job.name} failed; the next run retries`);
      })
      .finally(() => this.running.delete(job));
    this.running.set(job, run);
  }
}
