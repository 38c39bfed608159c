import {
  ExportFileNames,
  QUICKBOOKS_CSV_HEADER,
  XERO_BILLS_CSV_HEADER,
  csvRecord,
  expenseCsvHeader,
  expenseCsvRow,
  isReceiptKeyOf,
  quickBooksCsvRow,
  xeroBillCsvRow,
  type ExportExpense,
  type ExportRow,
  type QuickBooksInvoice,
} from '@snaptrack/contracts';
import { ObjectNotFoundError, type ObjectStorage } from '@snaptrack/storage';
import type { CoverFacts } from '../pdf/receipt-pdf.js';
import { writeReceiptPdf } from '../pdf/write-receipt-pdf.js';
import { packReadme, RECEIPTS_FOLDER } from './pack-readme.js';
import { receiptFileName, UniqueNames } from './receipt-file-name.js';
import { ZipStream } from './zip-stream.js';

/** Excel and Numbers read a CSV as UTF-8 only with a BOM (as the CSV downloads have). */
const BOM = '\uFEFF';

export interface WritePackInput {
  storage: ObjectStorage;
  /** The pack's owner: only their receipt files are read. */
  userId: string;
  /** Where the ZIP is stored. */
  key: string;
  /** YYYY-MM-DD (UTC) of the file names inside. */
  date: string;
  homeCurrency: string;
  invoice: QuickBooksInvoice;
  /** The PDF's cover; its count is the pack's expense count. */
  cover: CoverFacts;
  /** At most this many expenses (the rest of the pages is not read). */
  limit: number;
  /** A fresh walk over the expenses as CSV rows, oldest first. */
  rows: () => AsyncIterable<ExportRow[]>;
  /**
   * A fresh walk over the same expenses as lines (a split expense's parts, each a line of its
   * Xero bill), oldest first.
   */
  lines: () => AsyncIterable<ExportExpense[]>;
  /** A fresh walk over the same expenses with their receipt files, oldest first. */
  expenses: () => AsyncIterable<ExportExpense[]>;
  /** The share done, 0 to 1: the PDF's receipts and the originals, half each. */
  onProgress: (share: number) => Promise<void>;
  /** Logged, not fatal: the file is left out and README.txt names it. */
  onFileError: (expense: ExportExpense, error: unknown) => void;
}

export interface PackResult {
  expenses: number;
  originals: number;
  size: number;
}

async function* limited<T>(pages: AsyncIterable<T[]>, limit: number): AsyncGenerator<T> {
  let count = 0;
  for await (const page of pages) {
    for (const item of page) {
      if (count >= limit) return;
      count += 1;
      yield item;
    }
  }
}

/** A CSV file's text, a page of records at a time. */
async function* csvText<T>(
  header: string[],
  items: AsyncIterable<T>,
  toCells: (item: T) => string[],
): AsyncGenerator<string> {
  yield BOM + csvRecord(header);
  let text = '';
  for await (const item of items) {
    text += csvRecord(toCells(item));
    if (text.length >= 64 * 1024) {
      yield text;
      text = '';
    }
  }
  if (text) yield text;
}

/**
 * The accountant's pack as one ZIP streamed into storage: the CSV, the QuickBooks invoice CSV,
 * the Xero bills CSV, the receipt PDF, every original receipt file and README.txt. Each file is
 * written from its own walk over the expenses, page by page; one chunk is in memory at a time.
 */
export async function writePack(input: WritePackInput): Promise<PackResult> {
  const zip = new ZipStream();
  const stored = input.storage.put(input.key, zip.output, { contentType: 'application/zip' });
  // If writing fails first, the upload's own failure is secondary.
  stored.catch(() => undefined);
  const files = {
    csv: ExportFileNames.csv(input.date),
    quickbooks: ExportFileNames.quickbooks(input.date),
    xero: ExportFileNames.xero(input.date),
    pdf: ExportFileNames.pdf(input.date),
  };
  const total = Math.max(1, input.limit);
  let pdfDone = 0;
  let originalsDone = 0;
  const progress = () => input.onProgress((pdfDone + originalsDone) / (2 * total));
  try {
    const home = input.homeCurrency;
    await zip.add(
      files.csv,
      csvText(expenseCsvHeader(home), limited(input.rows(), input.limit), (row) =>
        expenseCsvRow(home, row),
      ),
      { compress: true },
    );
    await zip.add(
      files.quickbooks,
      csvText(QUICKBOOKS_CSV_HEADER, limited(input.rows(), input.limit), (row) =>
        quickBooksCsvRow(input.invoice, row),
      ),
      { compress: true },
    );
    await zip.add(
      files.xero,
      csvText(XERO_BILLS_CSV_HEADER, limited(input.lines(), input.limit), xeroBillCsvRow),
      { compress: true },
    );
    const pdf = await writeReceiptPdf({
      userId: input.userId,
      storage: input.storage,
      key: input.key,
      output: async (doc) => ({ size: await zip.add(files.pdf, doc, { compress: false }) }),
      cover: input.cover,
      pages: input.expenses(),
      limit: input.limit,
      onProgress: async (written) => {
        pdfDone = written;
        await progress();
      },
      onImageError: input.onFileError,
    });
    const originals = await addOriginals(input, zip, async (done) => {
      originalsDone = done;
      await progress();
    });
    await zip.add(
      'README.txt',
      [
        packReadme({
          filters: input.cover.filters,
          date: input.date,
          homeCurrency: home,
          customer: input.invoice.customer,
          expenses: pdf.written,
          originals: originals.added,
          withoutFile: originals.withoutFile,
          unreadable: originals.unreadable,
          files,
        }),
      ],
      { compress: true },
    );
    await zip.end();
    const result = await stored;
    return { expenses: pdf.written, originals: originals.added, size: result.size };
  } catch (error) {
    zip.abort(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
}

/** Every expense's own file under receipts/, streamed from storage as it is stored. */
async function addOriginals(
  input: WritePackInput,
  zip: ZipStream,
  onDone: (done: number) => Promise<void>,
): Promise<{ added: number; withoutFile: number; unreadable: string[] }> {
  const names = new UniqueNames();
  let done = 0;
  let added = 0;
  let withoutFile = 0;
  const unreadable: string[] = [];
  for await (const expense of limited(input.expenses(), input.limit)) {
    done += 1;
    const key = expense.image_key;
    if (!key) {
      withoutFile += 1;
    } else {
      const name = names.claim(receiptFileName(expense, key));
      const source = await openOwnFile(input, expense, key);
      if (source) {
        await zip.add(`${RECEIPTS_FOLDER}/${name}`, source, { compress: false });
        added += 1;
      } else {
        unreadable.push(name);
      }
    }
    await onDone(done);
  }
  return { added, withoutFile, unreadable };
}

/**
 * The stored file of an expense, or null when it is gone. A key outside the owner's receipt
 * folder is never read: a pack holds its owner's files only, whatever a row says.
 */
async function openOwnFile(input: WritePackInput, expense: ExportExpense, key: string) {
  if (!isReceiptKeyOf(input.userId, key)) {
    input.onFileError(expense, new Error('receipt key outside the owner folder'));
    return null;
  }
  try {
    return await input.storage.get(key);
  } catch (error) {
    if (!(error instanceof ObjectNotFoundError)) throw error;
    input.onFileError(expense, error);
    return null;
  }
}
