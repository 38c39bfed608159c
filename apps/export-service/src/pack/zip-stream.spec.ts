import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from '@jest/globals';
import { unzipSync } from 'fflate';
import { ZipStream } from './zip-stream.js';

/** A consumer that takes a chunk every few milliseconds, like a slow upload. */
function slowSink(chunks: Buffer[]) {
  return new Writable({
    highWaterMark: 1024,
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      setTimeout(done, 1);
    },
  });
}

function* pieces(data: Buffer, size: number) {
  for (let offset = 0; offset < data.length; offset += size)
    yield data.subarray(offset, offset + size);
}

describe('ZipStream', () => {
  it('writes entries a ZIP reader gets back byte for byte, names in UTF-8', async () => {
    const zip = new ZipStream();
    const out: Buffer[] = [];
    const sunk = pipeline(zip.output, slowSink(out));
    const photo = randomBytes(300_000);
    await zip.add('notes.csv', ['Date,Vendor\r\n', '2026-03-01,Café\r\n'], { compress: true });
    await zip.add('receipts/2026-03-01_Café-Zoë_1.00_EUR.jpg', pieces(photo, 16_384), {
      compress: false,
    });
    await zip.add('empty.txt', [], { compress: true });
    await zip.end();
    await sunk;
    const entries = unzipSync(Buffer.concat(out));
    expect(Object.keys(entries)).toEqual([
      'notes.csv',
      'receipts/2026-03-01_Café-Zoë_1.00_EUR.jpg',
      'empty.txt',
    ]);
    expect(Buffer.from(entries['notes.csv']).toString()).toBe('Date,Vendor\r\n2026-03-01,Café\r\n');
    expect(Buffer.from(entries['receipts/2026-03-01_Café-Zoë_1.00_EUR.jpg']).equals(photo)).toBe(
      true,
    );
  });

  it('waits for the consumer: never more than a few chunks ahead of it', async () => {
    const zip = new ZipStream();
    const out: Buffer[] = [];
    const sunk = pipeline(zip.output, slowSink(out));
    let maxBuffered = 0;
    async function* watched() {
      for (const piece of pieces(randomBytes(2_000_000), 65_536)) {
        await Promise.resolve();
        maxBuffered = Math.max(maxBuffered, zip.output.readableLength + zip.output.writableLength);
        yield piece;
      }
    }
    await zip.add('big.bin', watched(), { compress: false });
    await zip.end();
    await sunk;
    expect(maxBuffered).toBeLessThanOrEqual(3 * 65_536);
  });

  it('fails the add once the output is gone', async () => {
    const zip = new ZipStream();
    zip.output.destroy();
    await expect(zip.add('a.txt', ['x'], { compress: true })).rejects.toThrow();
  });
});
