import type { QuickBooksSettings } from '@snaptrack/contracts/core';
import { downloadPack } from '../api/download-pack';
import { getPackStatus } from '../api/get-pack-status';
import { startPack } from '../api/start-pack-export';
import { PACK_TIMEOUT_MESSAGE, packFailedMessage } from '../utils/pdf-progress';
import { useExportJob, type ExportJobApi } from './use-export-job';

const packJob: ExportJobApi<QuickBooksSettings> = {
  start: startPack,
  status: getPackStatus,
  download: downloadPack,
  failedMessage: packFailedMessage,
  timeoutMessage: PACK_TIMEOUT_MESSAGE,
};

/** The accountant pack job (a ZIP): start, poll, download, as the receipt PDF. */
export function usePackExport() {
  return useExportJob(packJob);
}
