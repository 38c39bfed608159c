import { PassThrough } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/**
 * fflate writes classic ZIP (no ZIP64): offsets and sizes are 32-bit. A pack that would pass
 * this fails with a clear reason instead of ending as a file no tool opens.
 */
export const MAX_ZIP_BYTES = 4 * 1024 ** 3 - 64 * 1024 ** 2;

export class PackTooLargeError extends Error {
  constructor() {
    super('The pack would be larger than 4 GB. Choose a shorter period or fewer entities.');
  }
}

/**
 * A ZIP written as a stream: entries are added one after the other from their own streams, and
 * each chunk waits for `output` to drain, so memory holds a chunk or two whatever the number or
 * size of the files. Text compresses (deflate); receipt images and PDFs are stored as they are.
 */
export class ZipStream {
  readonly output = new PassThrough();
  private readonly zip: Zip;
  private failure: Error | null = null;
  private written = 0;

  constructor(private readonly mtime = new Date()) {
    this.zip = new Zip((error, chunk, final) => {
      if (error) return this.fail(error);
      this.written += chunk.length;
      if (this.written > MAX_ZIP_BYTES) return this.fail(new PackTooLargeError());
      this.output.write(chunk);
      if (final) this.output.end();
    });
  }

  /** Bytes of ZIP written so far. */
  get size(): number {
    return this.written;
  }

  /** Adds one entry from its chunks; resolves with its uncompressed size once it is written. */
  async add(
    name: string,
    chunks: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>,
    { compress }: { compress: boolean },
  ): Promise<number> {
    this.check();
    const entry = compress ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
    entry.mtime = this.mtime;
    this.zip.add(entry);
    let size = 0;
    for await (const chunk of chunks) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
      if (bytes.length === 0) continue;
      size += bytes.length;
      entry.push(bytes, false);
      await this.drained();
    }
    entry.push(new Uint8Array(0), true);
    await this.drained();
    return size;
  }

  /** Writes the central directory and ends `output`. */
  async end(): Promise<void> {
    this.check();
    this.zip.end();
    await this.drained();
  }

  /** Ends `output` with the error (the upload reading it fails and stores nothing). */
  abort(error: Error): void {
    this.fail(error);
  }

  private fail(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    this.output.destroy(error);
  }

  private check(): void {
    if (this.failure) throw this.failure;
    if (this.output.destroyed) throw new Error('The pack upload stopped.');
  }

  private async drained(): Promise<void> {
    this.check();
    if (!this.output.writableNeedDrain) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        this.output.off('drain', done);
        this.output.off('close', done);
        resolve();
      };
      this.output.on('drain', done);
      this.output.on('close', done);
    });
    this.check();
  }
}
