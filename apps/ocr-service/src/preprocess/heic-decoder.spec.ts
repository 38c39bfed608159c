import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { encodeHeic } from '@snaptrack/testing';
import { heicDecoder } from './heic-decoder.js';
import { decodeHeic } from './heic-worker.js';
import { preprocessImage } from './preprocess-image.js';
import type { WorkerScript } from '../read/worker-task.js';

/** The real heic-worker.ts, compiled as it loads (unit tests run the sources). */
const heicWorker: WorkerScript = {
  url: new URL('../read/ts-worker.test-helper.mjs', import.meta.url),
  workerData: { tsWorkerTarget: new URL('./heic-worker.ts', import.meta.url).href },
};

/** A worker that gives a fixed answer (or none). */
function answering(reply: unknown): WorkerScript {
  return { url: new URL('./fake-worker.test-helper.mjs', import.meta.url), workerData: { reply } };
}

/** An ISO-BMFF file that says it is HEIC (ftyp heic/mif1) followed by junk. */
function corruptHeic(): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypheic', 4, 'latin1');
  ftyp.write('mif1heic', 16, 'latin1');
  return Buffer.concat([ftyp, Buffer.from('this is not the rest of a HEIC file'.repeat(20))]);
}

describe('heicDecoder (worker thread)', () => {
  /** A real HEIC (libheif's x265 encoder) of a 300 x 200 gradient. */
  async function realHeic(): Promise<Buffer> {
    const gradient = Buffer.alloc(300 * 200 * 3);
    for (let i = 0; i < gradient.length; i += 1) gradient[i] = (i / 3) % 256;
    const png = await sharp(gradient, { raw: { width: 300, height: 200, channels: 3 } })
      .png()
      .toBuffer();
    return encodeHeic(png);
  }

  it('decodes a real HEIC photo to a PNG of the same size, in its thread', async () => {
    const png = await heicDecoder(50_000_000, { script: heicWorker })(await realHeic());
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 300, height: 200 });
  });

  it('refuses a real HEIC above the pixel cap before decoding it', async () => {
    await expect(
      heicDecoder(10_000, { script: heicWorker })(await realHeic()),
    ).rejects.toMatchObject({ code: 'IMAGE_TOO_LARGE', pixels: 60_000 });
  });

  it('reports a corrupt HEIC as a decode error, from the real decoder in its thread', async () => {
    const decode = heicDecoder(50_000_000, { script: heicWorker });
    await expect(decode(corruptHeic())).rejects.toMatchObject({
      code: 'IMAGE_DECODE_FAILED',
      message: expect.stringMatching(/^Could not decode heic image: /) as unknown,
    });
  });

  it('gives the same clear failure through preprocessing', async () => {
    await expect(
      preprocessImage(corruptHeic(), {
        decoders: { heic: heicDecoder(50_000_000, { script: heicWorker }) },
      }),
    ).rejects.toMatchObject({ name: 'ImageDecodeError', code: 'IMAGE_DECODE_FAILED' });
  });

  it('ends a decode that runs past its time cap', async () => {
    const decode = heicDecoder(50_000_000, { script: answering(null), timeoutMs: 200 });
    await expect(decode(corruptHeic())).rejects.toMatchObject({
      name: 'ImageDecodeTimeoutError',
      code: 'IMAGE_DECODE_TIMEOUT',
    });
  });

  it('refuses an image above the pixel cap that the worker measured', async () => {
    const decode = heicDecoder(1_000_000, {
      script: answering({ ok: true, value: { kind: 'tooLarge', pixels: 30_000 * 30_000 } }),
    });
    await expect(decode(corruptHeic())).rejects.toMatchObject({
      code: 'IMAGE_TOO_LARGE',
      pixels: 900_000_000,
    });
  });

  it('turns the pixels the worker decoded into a PNG', async () => {
    const rgba = new Uint8Array(4 * 3 * 2).fill(255);
    const decode = heicDecoder(1_000_000, {
      script: answering({ ok: true, value: { kind: 'image', width: 3, height: 2, rgba } }),
    });
    const png = await decode(corruptHeic());
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 3, height: 2 });
  });

  it('reports a crashed worker as a decode error', async () => {
    const decode = heicDecoder(1_000_000, { script: answering({ ok: false, error: 'boom' }) });
    await expect(decode(corruptHeic())).rejects.toMatchObject({ code: 'IMAGE_DECODE_FAILED' });
  });
});

describe('decodeHeic (the worker body)', () => {
  it('answers corrupt for bytes that are no HEIC, instead of throwing', async () => {
    const content = await decodeHeic({ bytes: new Uint8Array(corruptHeic()), maxPixels: 1e6 });
    expect(content.kind).toBe('corrupt');
  });
});
