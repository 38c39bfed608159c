import { useCallback, useEffect, useRef, useState } from 'react';
import type { ExportFilters, PdfJob } from '../api/types';
import {
  EXPORT_FAILED_MESSAGE,
  PDF_MAX_ATTEMPTS,
  PDF_POLL_AFTER_ERROR_MS,
  PDF_POLL_MS,
  pdfProgress,
} from '../utils/pdf-progress';

export type ExportJobState =
  | { phase: 'idle' }
  | { phase: 'starting' }
  | { phase: 'processing'; progress: number }
  | { phase: 'downloading' }
  | { phase: 'completed' }
  | { phase: 'failed'; message: string };

/** One kind of background export (the receipt PDF, the accountant pack): its calls and words. */
export interface ExportJobApi<Options> {
  start: (filters: ExportFilters, options: Options) => Promise<{ job_id: string }>;
  status: (jobId: string) => Promise<PdfJob>;
  download: (jobId: string) => Promise<void>;
  failedMessage: (error: string | null | undefined) => string;
  timeoutMessage: string;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A background export job (docs/api.md, The Export dialog): start, poll every 3 s (5 s after a
 * failed poll) up to 120 times, then download; ends completed, failed or timed out.
 */
export function useExportJob<Options>(job: ExportJobApi<Options>) {
  const [state, setState] = useState<ExportJobState>({ phase: 'idle' });
  const cancelled = useRef(false);
  const api = useRef(job);
  api.current = job;

  useEffect(
    () => () => {
      cancelled.current = true;
    },
    [],
  );

  const run = useCallback(async (filters: ExportFilters, options: Options) => {
    const { start, status, download, failedMessage, timeoutMessage } = api.current;
    cancelled.current = false;
    setState({ phase: 'starting' });
    let jobId: string;
    try {
      jobId = (await start(filters, options)).job_id;
    } catch (error) {
      const message =
        error instanceof Error && error.message
          ? failedMessage(error.message)
          : EXPORT_FAILED_MESSAGE;
      setState({ phase: 'failed', message });
      return;
    }
    setState({ phase: 'processing', progress: 0 });
    let delay = PDF_POLL_MS;
    for (let attempt = 1; attempt <= PDF_MAX_ATTEMPTS; attempt += 1) {
      await wait(delay);
      if (cancelled.current) return;
      try {
        const current = await status(jobId);
        delay = PDF_POLL_MS;
        if (current.status === 'failed') {
          setState({ phase: 'failed', message: failedMessage(current.error) });
          return;
        }
        if (current.status === 'completed') {
          setState({ phase: 'downloading' });
          await download(jobId);
          setState({ phase: 'completed' });
          return;
        }
        setState({ phase: 'processing', progress: pdfProgress(current.progress_percent, attempt) });
      } catch {
        delay = PDF_POLL_AFTER_ERROR_MS;
      }
    }
    setState({ phase: 'failed', message: timeoutMessage });
  }, []);

  const reset = useCallback(() => {
    cancelled.current = true;
    setState({ phase: 'idle' });
  }, []);

  return { state, run, reset };
}
