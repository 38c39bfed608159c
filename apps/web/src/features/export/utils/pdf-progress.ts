/** PDF polling: an estimated progress while the job runs (the server reports no percentage). */
export const PDF_POLL_MS = 3_000;
export const PDF_POLL_AFTER_ERROR_MS = 5_000;
export const PDF_MAX_ATTEMPTS = 120;
/** An estimate never claims more than this: only the finished job may show 100%. */
export const PDF_ESTIMATE_CAP = 95;

export const EXPORT_FAILED_MESSAGE = 'Export failed. Please try again.';
export const PDF_TIMEOUT_MESSAGE =
  'PDF generation timed out. Please try again with fewer receipts.';

export function pdfFailedMessage(error: string | null | undefined): string {
  return `PDF generation failed: ${error || 'Unknown error'}`;
}

/** The accountant pack's words, modelled on the PDF's. */
export const PACK_TIMEOUT_MESSAGE =
  'Accountant pack timed out. Please try again with fewer receipts.';

export function packFailedMessage(error: string | null | undefined): string {
  return `Accountant pack failed: ${error || 'Unknown error'}`;
}

/** The server's percentage when it gives one; otherwise an estimate from the attempts, ≤ 95. */
export function pdfProgress(serverPercent: number | null | undefined, attempt: number): number {
  if (typeof serverPercent === 'number' && Number.isFinite(serverPercent)) {
    return Math.max(0, Math.min(100, Math.round(serverPercent)));
  }
  return Math.min(PDF_ESTIMATE_CAP, Math.round((attempt / PDF_MAX_ATTEMPTS) * 100 * 4));
}
