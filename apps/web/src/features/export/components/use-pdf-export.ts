import { downloadPdf } from '../api/download-pdf';
import { getPdfStatus } from '../api/get-pdf-status';
import { startPdf } from '../api/start-pdf-export';
import { PDF_TIMEOUT_MESSAGE, pdfFailedMessage } from '../utils/pdf-progress';
import { useExportJob, type ExportJobApi, type ExportJobState } from './use-export-job';

export type PdfExportState = ExportJobState;

const pdfJob: ExportJobApi<void> = {
  start: (filters) => startPdf(filters),
  status: getPdfStatus,
  download: downloadPdf,
  failedMessage: pdfFailedMessage,
  timeoutMessage: PDF_TIMEOUT_MESSAGE,
};

/** The receipt PDF job: start, poll, download (see useExportJob). */
export function usePdfExport() {
  return useExportJob(pdfJob);
}
