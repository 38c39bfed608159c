import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import { ObjectNotFoundError, type ObjectStorage } from '@snaptrack/storage';
import { ApiError } from '../common/api-error.js';

/** A finished export job's file, as export-service names it. */
interface ExportJobFile {
  file_key: string;
  size: number;
}

/** Streams a finished export job's file (the receipt PDF, the accountant pack) as a download. */
export async function sendExportFile(
  files: ObjectStorage,
  file: ExportJobFile,
  res: Response,
  download: { contentType: string; filename: string },
): Promise<void> {
  const stream = await files.get(file.file_key).catch((error: unknown) => {
    // Swept by the retention between the status call and this one.
    if (error instanceof ObjectNotFoundError) {
      throw new ApiError('NOT_FOUND', 'This export has expired. Please export again.');
    }
    throw error;
  });
  res.status(200);
  res.setHeader('Content-Type', download.contentType);
  res.setHeader('Content-Length', String(file.size));
  res.setHeader('Content-Disposition', `attachment; filename="${download.filename}"`);
  res.setHeader('Cache-Control', 'no-store');
  await pipeline(stream, res).catch(() => res.destroy());
}
