import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { JobQueue, withTimeout } from './job-queue.js';
import {
  OcrEngineClosedError,
  OcrEngineError,
  OcrError,
  type OcrEngine,
  type OcrResult,
} from './ocr-engine.js';
import { paddleLinesToResult } from './paddle-lines.js';
import { ocrMetrics } from '../metrics/ocr-metrics.js';
import {
  isChildMessage,
  type ChildMessage,
  type PaddleLine,
  type PaddleWorkerConfig,
  type ParentMessage,
} from './paddle-protocol.js';

export interface PaddleEngineOptions {
  /** onnxruntime threads per session; give it the cores reserved for OCR. Default 2. */
  threads?: number;
  /**
   * Long side Paddle works at; larger images are shrunk in the child (boxes are mapped back).
   * Default 1600: on the SROIE train set it kept total/date/vendor accuracy of 2048 within one
   * receipt and cut CPU time per receipt by about a fifth.
   */
  maxSide?: number;
  /** Limit for loading both ONNX models in a fresh child. Default 60 s. */
  startTimeoutMs?: number;
  /** Limit per image; on expiry the child is killed and restarted for the next job. Default 60 s. */
  jobTimeoutMs?: number;
  /** Restart the child after this many jobs (onnxruntime keeps its peak memory). 0 = never. */
  recycleAfterJobs?: number;
  /** Script to fork. Default: the compiled `paddle-worker.js` next to this file. */
  workerPath?: string;
  /** Extra `execArgv` for the child (e.g. a heap limit). */
  execArgv?: string[];
  /** Environment of the child. Default: this process's. */
  env?: NodeJS.ProcessEnv;
}

interface Child {
  process: ChildProcess;
  ready: Promise<void>;
  pending: Map<number, { resolve: (lines: PaddleLine[]) => void; reject: (e: Error) => void }>;
}

/** PaddleOCR PP-OCRv4 in its own child process, restarted whenever it dies or hangs. */
export class PaddleEngine implements OcrEngine {
  readonly name = 'paddle';
  /** Real receipts read upright at 0.91 or more (40 SROIE receipts); upside down about 0.6. */
  readonly doubtfulBelow = 0.85;
  private readonly queue = new JobQueue();
  private child: Child | null = null;
  private jobsOnChild = 0;
  private nextId = 1;
  /** Children started so far: every one after the first replaces one that died or was recycled. */
  private spawned = 0;
  private closed = false;

  constructor(private readonly options: PaddleEngineOptions = {}) {}

  /** Starts the child now instead of on the first job (call at boot to fail fast). */
  async start(): Promise<void> {
    await this.queue.run(() => this.getChild().then(() => undefined));
  }

  recognize(image: Buffer): Promise<OcrResult> {
    return this.queue.run(async () => {
      const child = await this.getChild();
      const timeoutMs = this.options.jobTimeoutMs ?? 60_000;
      try {
        const lines = await withTimeout(this.send(child, image), timeoutMs, 'paddle detect', () =>
          this.kill(child),
        );
        this.jobsOnChild++;
        const recycleAfter = this.options.recycleAfterJobs ?? 0;
        if (recycleAfter > 0 && this.jobsOnChild >= recycleAfter) this.kill(child);
        return paddleLinesToResult(lines);
      } catch (error) {
        // The child reports an error only after its own retry failed: its state is suspect
        // (the known failure depends on the opencv heap), so the next job gets a fresh one.
        this.kill(child);
        if (error instanceof OcrError) throw error;
        throw new OcrEngineError(`paddle failed: ${String(error)}`, { cause: error });
      }
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.queue.run(async () => {
      const child = this.child;
      if (!child) return;
      const exited = new Promise<void>((resolve) => child.process.once('exit', () => resolve()));
      this.kill(child);
      if (child.process.exitCode === null && child.process.signalCode === null) await exited;
    });
  }

  private getChild(): Promise<Child> {
    if (this.closed) return Promise.reject(new OcrEngineClosedError(this.name));
    if (!this.child) this.child = this.spawn();
    const child = this.child;
    return child.ready.then(
      () => child,
      (error: unknown) => {
        this.kill(child);
        throw error;
      },
    );
  }

  private spawn(): Child {
    if (this.spawned++ > 0) ocrMetrics.workerRestarted(this.name);
    const config: PaddleWorkerConfig = {
      onnxOptions: {
        intraOpNumThreads: this.options.threads ?? 2,
        interOpNumThreads: 1,
        // onnxruntime's memory arena stays on: without it every run maps its tensors afresh, and
        // on a machine where that is slow detection took 3–5 times as long at the same peak
        // memory (docs/benchmarks.md, "The memory arena back on").
        enableCpuMemArena: true,
      },
      maxSide: this.options.maxSide ?? 1600,
    };
    const workerPath =
      this.options.workerPath ?? fileURLToPath(new URL('./paddle-worker.js', import.meta.url));
    const proc = fork(workerPath, [JSON.stringify(config)], {
      serialization: 'advanced',
      execArgv: this.options.execArgv ?? [],
      env: this.options.env ?? process.env,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const child: Child = { process: proc, ready: Promise.resolve(), pending: new Map() };
    this.jobsOnChild = 0;

    let settleReady: { resolve: () => void; reject: (e: Error) => void } | null = null;
    const ready = new Promise<void>((resolve, reject) => (settleReady = { resolve, reject }));
    child.ready = withTimeout(ready, this.options.startTimeoutMs ?? 60_000, 'paddle start');
    child.ready.catch(() => undefined);

    proc.on('message', (message: unknown) => {
      if (!isChildMessage(message)) return;
      this.onMessage(child, message, settleReady);
    });
    proc.on('error', (error) => settleReady?.reject(new OcrEngineError(error.message)));
    proc.on('exit', (code, signal) => {
      if (this.child === child) this.child = null;
      const reason = new OcrEngineError(`paddle worker exited (code ${code}, signal ${signal})`);
      settleReady?.reject(reason);
      for (const job of child.pending.values()) job.reject(reason);
      child.pending.clear();
    });
    return child;
  }

  private onMessage(
    child: Child,
    message: ChildMessage,
    ready: { resolve: () => void; reject: (e: Error) => void } | null,
  ): void {
    switch (message.type) {
      case 'ready':
        ready?.resolve();
        return;
      case 'fatal':
        ready?.reject(new OcrEngineError(`paddle worker failed to start: ${message.message}`));
        return;
      case 'result':
        child.pending.get(message.id)?.resolve(message.lines);
        child.pending.delete(message.id);
        return;
      case 'error':
        child.pending.get(message.id)?.reject(new OcrEngineError(message.message));
        child.pending.delete(message.id);
        return;
    }
  }

  private send(child: Child, image: Buffer): Promise<PaddleLine[]> {
    const id = this.nextId++;
    return new Promise<PaddleLine[]>((resolve, reject) => {
      child.pending.set(id, { resolve, reject });
      const message: ParentMessage = { type: 'recognize', id, image };
      child.process.send(message, (error) => {
        if (!error) return;
        child.pending.delete(id);
        reject(new OcrEngineError(`paddle worker unreachable: ${error.message}`));
      });
    });
  }

  private kill(child: Child): void {
    if (this.child === child) this.child = null;
    if (child.process.exitCode === null && child.process.signalCode === null) {
      child.process.kill('SIGKILL');
    }
  }
}
