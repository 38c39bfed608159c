import { createHash } from 'node:crypto';

/** Size and SHA-256 of an object, measured as its bytes stream past (never buffered). */
export class ObjectDigest {
  private readonly hash = createHash('sha256');
  private bytes = 0;

  get size(): number {
    return this.bytes;
  }

  /** Passes chunks through unchanged, counting and hashing them on the way. */
  async *measure(source: AsyncIterable<unknown>): AsyncGenerator<Buffer> {
    for await (const chunk of source) {
      const bytes = toBuffer(chunk);
      this.hash.update(bytes);
      this.bytes += bytes.length;
      yield bytes;
    }
  }

  /** Call once, after the source has ended. */
  sha256(): string {
    return this.hash.digest('hex');
  }
}

function toBuffer(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (typeof chunk === 'string' || chunk instanceof Uint8Array) return Buffer.from(chunk);
  throw new TypeError('Object streams must carry bytes or strings');
}
