/** At most this many uploads are in flight at once: a bulk upload never floods the gateway. */
export const UPLOAD_CONCURRENCY = 3;

/** What one send ends with: finished (whatever the outcome), or asked to come back later. */
export type SendOutcome = { retryAfterMs: number } | undefined;

export interface UploadPoolOptions<T> {
  /** Sends one task; resolves `{ retryAfterMs }` when the server said to wait (a 429). */
  send: (task: T) => Promise<SendOutcome>;
  /** Hears that a task waits, and until when (epoch ms), before it is sent again. */
  onWait?: (task: T, until: number) => void;
  /**
   * Hears that the pool pauses until `until` (epoch ms), with every task not yet sent: the one
   * the server refused and those queued behind it (and, during a pause, tasks added to it).
   */
  onPause?: (until: number, tasks: readonly T[]) => void;
  concurrency?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs tasks a few at a time, in order; more may be added while it runs. A 429 pauses the
 * whole pool until its Retry-After has passed (every upload counts against the same per-user
 * limit, so the others would be refused too), then the refused task goes again: a rate limit
 * delays a file, it never drops one.
 */
export class UploadPool<T> {
  private readonly waiting: T[] = [];
  private active = 0;
  private resumeAt = 0;
  private readonly concurrency: number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => number;

  constructor(private readonly options: UploadPoolOptions<T>) {
    this.concurrency = Math.max(1, options.concurrency ?? UPLOAD_CONCURRENCY);
    this.sleep = options.sleep ?? sleepFor;
    this.now = options.now ?? Date.now;
  }

  add(tasks: readonly T[]): void {
    this.waiting.push(...tasks);
    if (tasks.length > 0 && this.resumeAt > this.now())
      this.options.onPause?.(this.resumeAt, tasks);
    this.pump();
  }

  /** Tasks sent or waiting to be. */
  get pending(): number {
    return this.active + this.waiting.length;
  }

  private pump(): void {
    while (this.active < this.concurrency && this.waiting.length > 0) {
      const task = this.waiting.shift() as T;
      this.active += 1;
      void this.runOne(task).finally(() => {
        this.active -= 1;
        this.pump();
      });
    }
  }

  private async runOne(task: T): Promise<void> {
    for (;;) {
      const pause = this.resumeAt - this.now();
      if (pause > 0) {
        this.options.onWait?.(task, this.resumeAt);
        await this.sleep(pause);
        continue;
      }
      let outcome: SendOutcome;
      try {
        outcome = await this.options.send(task);
      } catch {
        // send reports its own failures; a throw must not stop the pool.
        return;
      }
      if (!outcome) return;
      // At least a second, so a server answering Retry-After: 0 is not hammered.
      this.resumeAt = Math.max(this.resumeAt, this.now() + Math.max(1000, outcome.retryAfterMs));
      this.options.onPause?.(this.resumeAt, [task, ...this.waiting]);
    }
  }
}
