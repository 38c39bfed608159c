import { useCallback, useEffect, useRef, useState } from 'react';
import { downloadPdf } from '../api/download-pdf';
import { getPdfStatus } from '../api/get-pdf-status';
import { startPdf } from '../api/start-pdf-export';
import type { ExportFilters } from '../api/types';
import {
  EXPORT_FAILED_MESSAGE,
  PDF_MAX_ATTEMPTS,
  PDF_POLL_AFTER_ERROR_MS,
  PDF_POLL_MS,
  PDF_TIMEOUT_MESSAGE,
  pdfFailedMessage,
  pdfProgress,
} from '../utils/pdf-progress';

export type PdfExportState =
  | { phase: 'idle' }
  | { phase: 'starting' }
  | { phase: 'processing'; progress: number }
  | { phase: 'downloading' }
  | { phase: 'completed' }
  | { phase: 'failed'; message: string };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The PDF job (docs/api.md, The Export dialog): start, poll every 3 s (5 s after a failed poll) up
 * to 120 times, then download; ends completed, failed or timed out.
 */
export function usePdfExport() {
  const [state, setState] = useState<PdfExportState>({ phase: 'idle' });
  const cancelled = useRef(false);

  useEffect(
    () => () => {
      cancelled.current = true;
    },
    [],
  );

  const run = useCallback(async (filters: ExportFilters) => {
    cancelled.current = false;
    setState({ phase: 'starting' });
    let jobId: string;
    try {
      const job = await startPdf(filters);
      jobId = job.job_id;
    } catch (error) {
      setState({ phase: 'failed', message: errorText(error) });
      return;
    }
    setState({ phase: 'processing', progress: 0 });
    let delay = PDF_POLL_MS;
    for (let attempt = 1; attempt <= PDF_MAX_ATTEMPTS; attempt += 1) {
      await wait(delay);
      if (cancelled.current) return;
      try {
        const status = await getPdfStatus(jobId);
        delay = PDF_POLL_MS;
        if (status.status === 'failed') {
          setState({ phase: 'failed', message: pdfFailedMessage(status.error) });
          return;
        }
        if (status.status === 'completed') {
          setState({ phase: 'downloading' });
          await downloadPdf(jobId);
          setState({ phase: 'completed' });
          return;
        }
        setState({ phase: 'processing', progress: pdfProgress(status.progress_percent, attempt) });
      } catch {
        delay = PDF_POLL_AFTER_ERROR_MS;
      }
    }
    setState({ phase: 'failed', message: PDF_TIMEOUT_MESSAGE });
  }, []);

  const reset = useCallback(() => {
    cancelled.current = true;
    setState({ phase: 'idle' });
  }, []);

  return { state, run, reset };
}

function errorText(error: unknown): string {
  return error instanceof Error && error.message
    ? pdfFailedMessage(error.message)
    : EXPORT_FAILED_MESSAGE;
}
