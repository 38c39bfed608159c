import type { Response } from 'express';
import { csvRecord, type ExportRow } from '@snaptrack/contracts';
import type { Logger } from '@nestjs/common';

/** Excel and Numbers read the file as UTF-8 (vendors with accents, emoji) only with a BOM. */
const BOM = '\uFEFF';

/** A page's records as one string: one write (and one backpressure check) a page. */
function csvLines(rows: ExportRow[], toCells: (row: ExportRow) => string[]): string {
  let text = '';
  for (const row of rows) text += csvRecord(toCells(row));
  return text;
}

function drained(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/**
 * Streams a CSV download: the first page is read before anything is sent, so a failure there
 * is still a proper JSON error; after that, rows go out page by page with backpressure, and a
 * failure cuts the download (a truncated file must not look complete).
 */
export async function sendCsv(
  res: Response,
  fileName: string,
  header: string[],
  pages: AsyncGenerator<ExportRow[]>,
  toCells: (row: ExportRow) => string[],
  logger: Logger,
): Promise<void> {
  const first = await pages.next();
  res.status(200);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
  res.setHeader('Cache-Control', 'no-store');
  res.write(BOM + csvRecord(header));
  try {
    let page = first;
    while (!page.done) {
      if (res.destroyed) {
        await pages.return(undefined);
        return;
      }
      if (page.value.length && !res.write(csvLines(page.value, toCells))) await drained(res);
      page = await pages.next();
    }
    res.end();
  } catch (error) {
    logger.error(`${fileName}: the export stream failed after it started: ${String(error)}`);
    res.destroy(error instanceof Error ? error : new Error(String(error)));
  }
}
