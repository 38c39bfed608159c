import { createRequire } from 'node:module';
import { serveWorkerTask } from '../read/worker-entry.js';

export interface HeicWorkerInput {
  bytes: Uint8Array;
  maxPixels: number;
}

/** The first image of a HEIC file as RGBA pixels, or why there is none. */
export type HeicContent =
  | { kind: 'image'; width: number; height: number; rgba: Uint8Array }
  | { kind: 'tooLarge'; pixels: number }
  | { kind: 'corrupt'; detail: string };

interface HeicImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}
type HeicDecodeAll = (input: {
  buffer: Uint8Array;
}) => Promise<(Pick<HeicImage, 'width' | 'height'> & { decode(): Promise<HeicImage> })[]>;

// heic-decode is CommonJS without types: libheif (libde265) compiled to wasm, because sharp's
// prebuilt libvips has no HEVC decoder (patent licensing keeps it out of the binaries). It decodes
// synchronously inside its promise, which is why it runs on this thread and not on the service's.
const decodeAll = (createRequire(import.meta.url)('heic-decode') as { all: HeicDecodeAll }).all;

/** The size is read from the container before any pixel is decoded: a bomb is refused first. */
export async function decodeHeic({ bytes, maxPixels }: HeicWorkerInput): Promise<HeicContent> {
  try {
    const images = await decodeAll({ buffer: bytes });
    const first = images[0];
    if (!first) return { kind: 'corrupt', detail: 'the file holds no image' };
    const pixels = first.width * first.height;
    if (pixels > maxPixels) return { kind: 'tooLarge', pixels };
    const image = await first.decode();
    return {
      kind: 'image',
      width: image.width,
      height: image.height,
      rgba: new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength),
    };
  } catch (error) {
    return { kind: 'corrupt', detail: error instanceof Error ? error.message : String(error) };
  }
}

serveWorkerTask<HeicWorkerInput, HeicContent>(decodeHeic, (content) =>
  content.kind === 'image' ? [content.rgba.buffer as ArrayBuffer] : [],
);
