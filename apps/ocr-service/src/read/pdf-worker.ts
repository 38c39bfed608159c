import { serveWorkerTask } from './worker-entry.js';
import { readPdf, type PdfContent, type PdfReadOptions } from './pdf-reader.js';

export interface PdfWorkerInput {
  bytes: Uint8Array;
  options: PdfReadOptions;
}

// A thread of its own per PDF (see read-pdf.ts): pdf.js parses and renders on this thread.
serveWorkerTask<PdfWorkerInput, PdfContent>(
  ({ bytes, options }) => readPdf(bytes, options),
  (content) => (content.kind === 'image' ? [content.image.buffer as ArrayBuffer] : []),
);
