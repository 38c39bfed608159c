import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import {
  getDocument,
  OPS,
  type PDFDocumentProxy,
  type PDFPageProxy,
} from 'pdfjs-dist/legacy/build/pdf.mjs';

/** What a PDF receipt holds for reading: its text layer, or its first page as an image. */
export type PdfContent =
  | { kind: 'text'; pages: number; text: string; image: null }
  | { kind: 'image'; pages: number; text: string; image: Uint8Array }
  | { kind: 'empty'; pages: number }
  | { kind: 'unreadable'; reason: 'corrupt' | 'encrypted'; detail: string };

export interface PdfReadOptions {
  /** Pages whose text layer is read (an e-receipt can run over two). Default 3. */
  maxTextPages?: number;
  /** Long side of the rendered first page, in pixels. Default 2048 (the OCR input size). */
  maxRenderSide?: number;
  /** Embedded images above this many pixels are not decoded (pixel-bomb guard). */
  maxImagePixels?: number;
  /**
   * A text layer counts when it has at least this many letters and digits; less (a page
   * number, a scanner's stamp) means the receipt itself is a picture. Default 12.
   */
  minTextChars?: number;
}

const pdfjsRoot = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
/** Fonts, CMaps and image-codec wasm ship inside pdfjs-dist: nothing is fetched at run time. */
const assets = {
  standardFontDataUrl: path.join(pdfjsRoot, 'standard_fonts') + path.sep,
  cMapUrl: path.join(pdfjsRoot, 'cmaps') + path.sep,
  wasmUrl: path.join(pdfjsRoot, 'wasm') + path.sep,
};

/** Operators that put something visible on a page: images, and paths (text drawn as outlines). */
const MARK_OPS = new Set<number>([
  OPS.paintImageXObject,
  OPS.paintInlineImageXObject,
  OPS.paintInlineImageXObjectGroup,
  OPS.paintImageXObjectRepeat,
  OPS.paintImageMaskXObject,
  OPS.paintImageMaskXObjectGroup,
  OPS.paintImageMaskXObjectRepeat,
  OPS.paintSolidColorImageMask,
  OPS.constructPath,
  OPS.fill,
  OPS.eoFill,
  OPS.stroke,
  OPS.fillStroke,
  OPS.eoFillStroke,
  OPS.shadingFill,
]);

/**
 * Reads a PDF receipt with pdf.js: the text layer of the first pages when there is one,
 * otherwise the first page rendered (long side ≤ `maxRenderSide`) for OCR. A file that is no
 * PDF, is encrypted, or has nothing on its first page is an answer, not an exception.
 * Run it in a worker thread (pdf-worker.ts): pdf.js parses on the calling thread.
 */
export async function readPdf(
  bytes: Uint8Array,
  options: PdfReadOptions = {},
): Promise<PdfContent> {
  const maxTextPages = options.maxTextPages ?? 3;
  const maxSide = options.maxRenderSide ?? 2048;
  const task = getDocument({
    // pdf.js refuses Buffers, and takes ownership of the array it is given.
    data: Buffer.isBuffer(bytes) ? new Uint8Array(bytes) : bytes,
    ...assets,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
    maxImageSize: options.maxImagePixels ?? 50_000_000,
    verbosity: 0,
  });
  let doc: PDFDocumentProxy;
  try {
    doc = await task.promise;
  } catch (error) {
    await task.destroy().catch(() => undefined);
    const name = error instanceof Error ? error.name : '';
    const detail = error instanceof Error ? error.message : String(error);
    return {
      kind: 'unreadable',
      reason: name === 'PasswordException' ? 'encrypted' : 'corrupt',
      detail,
    };
  }
  try {
    const pages = doc.numPages;
    const texts: string[] = [];
    for (let number = 1; number <= Math.min(pages, maxTextPages); number++) {
      const page = await doc.getPage(number);
      texts.push(await pageText(page));
      page.cleanup();
    }
    const text = texts.filter((t) => t.trim()).join('\n\n');
    const letters = text.replace(/[^\p{L}\p{N}]/gu, '').length;
    if (letters >= (options.minTextChars ?? 12)) return { kind: 'text', pages, text, image: null };

    const first = await doc.getPage(1);
    const operators = await first.getOperatorList();
    if (!operators.fnArray.some((op) => MARK_OPS.has(op))) return { kind: 'empty', pages };
    const image = await renderPage(first, maxSide);
    return { kind: 'image', pages, text, image };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { kind: 'unreadable', reason: 'corrupt', detail };
  } finally {
    await doc.destroy().catch(() => undefined);
  }
}

/** The page's text in reading order, one line per text line (pdf.js gives runs, not lines). */
async function pageText(page: PDFPageProxy): Promise<string> {
  const content = await page.getTextContent();
  let out = '';
  let lastY: number | null = null;
  for (const item of content.items) {
    if (!('str' in item)) continue;
    // pdf.js types the matrix as any[]: [a, b, c, d, e, f], f being the baseline's y.
    const matrix = item.transform as number[];
    const y = matrix[5] ?? 0;
    const height = Math.abs(item.height) || Math.abs(matrix[3] ?? 0) || 1;
    if (lastY !== null && Math.abs(y - lastY) > height / 2 && !out.endsWith('\n')) out += '\n';
    out += item.str;
    if (item.hasEOL) out += '\n';
    lastY = y;
  }
  return out
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/** The page on a white canvas, scaled so its long side is `maxSide` pixels, as PNG. */
async function renderPage(page: PDFPageProxy, maxSide: number): Promise<Uint8Array> {
  const unit = page.getViewport({ scale: 1 });
  const scale = maxSide / Math.max(unit.width, unit.height);
  const viewport = page.getViewport({ scale });
  const width = Math.max(1, Math.round(viewport.width));
  const height = Math.max(1, Math.round(viewport.height));
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  await page.render({
    // pdf.js types these as DOM canvases; @napi-rs/canvas implements the same API.
    canvas: canvas as never,
    canvasContext: context as never,
    viewport,
  }).promise;
  // A copy of its own, so the worker can transfer it without touching a pooled buffer.
  return new Uint8Array(await canvas.encode('png'));
}
