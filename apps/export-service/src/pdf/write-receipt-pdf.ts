import type { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import {
  contentTypeForReceiptKey,
  isReceiptKeyOf,
  parseTextReceipt,
  type ExportExpense,
} from '@snaptrack/contracts';
import type { ObjectStorage } from '@snaptrack/storage';
import { receiptImageForPdf } from './receipt-image.js';
import { ReceiptPdf, type CoverFacts, type ReceiptSource } from './receipt-pdf.js';

export interface WriteReceiptPdfInput {
  /** The owner of the receipts: a file outside their receipt folder is never read. */
  userId: string;
  /** Where the receipt images are read (and the PDF stored under `key`, without `output`). */
  storage: ObjectStorage;
  key: string;
  /** Takes the PDF's bytes instead of storage (the accountant's pack puts it in its ZIP). */
  output?: (pdf: Readable) => Promise<{ size: number }>;
  cover: CoverFacts;
  /** The expenses in pages; read one page at a time. */
  pages: AsyncIterable<ExportExpense[]>;
  /** At most this many receipts (the rest of the pages is not read). */
  limit: number;
  /** Called after each receipt page with the number written so far. */
  onProgress: (written: number) => Promise<void>;
  /** Logged, not fatal: an unreadable image becomes a note on its page. */
  onImageError: (expense: ExportExpense, error: unknown) => void;
}

async function sourceOf(
  input: WriteReceiptPdfInput,
  expense: ExportExpense,
): Promise<ReceiptSource> {
  const { storage, onImageError } = input;
  if (expense.image_key && !isReceiptKeyOf(input.userId, expense.image_key)) {
    onImageError(expense, new Error('receipt key outside the owner folder'));
    return { kind: 'none', note: 'The receipt image could not be read.' };
  }
  // A mailed message without attachments is stored as text (`.txt`): its page shows the email,
  // as the card's Email Receipt modal does, never an attempt to read it as an image.
  if (expense.image_key && contentTypeForReceiptKey(expense.image_key) === 'text/plain') {
    return emailSource(storage, expense, expense.image_key, onImageError);
  }
  if (expense.image_key) {
    try {
      return {
        kind: 'image',
        jpeg: await receiptImageForPdf(await storage.get(expense.image_key)),
      };
    } catch (error) {
      onImageError(expense, error);
      return { kind: 'none', note: 'The receipt image could not be read.' };
    }
  }
  if (expense.email_text) {
    return { kind: 'email', subject: expense.email_subject ?? null, text: expense.email_text };
  }
  return { kind: 'none', note: 'No receipt image or email text is stored for this expense.' };
}

/** Longest email text put on a page (the page box cuts it with an ellipsis anyway). */
const MAX_EMAIL_TEXT = 100_000;

async function emailSource(
  storage: ObjectStorage,
  expense: ExportExpense,
  key: string,
  onImageError: WriteReceiptPdfInput['onImageError'],
): Promise<ReceiptSource> {
  const subject = expense.email_subject ?? null;
  // The read text once the receipt is processed; until then, the stored email itself.
  if (expense.email_text) return { kind: 'email', subject, text: expense.email_text };
  try {
    // The message's text, without the shop's header stored before it (the page names the subject).
    const { body } = parseTextReceipt(await text(await storage.get(key)));
    return { kind: 'email', subject, text: body.slice(0, MAX_EMAIL_TEXT) };
  } catch (error) {
    onImageError(expense, error);
    return { kind: 'none', note: 'The email text could not be read.' };
  }
}

/**
 * Streams the receipt PDF into storage while it is written: pages go out as they are made and
 * one receipt image is in memory at a time. Resolves with the receipts written and the size.
 */
export async function writeReceiptPdf(
  input: WriteReceiptPdfInput,
): Promise<{ written: number; size: number }> {
  const pdf = new ReceiptPdf('SnapTrack receipts');
  const stored = input.output
    ? input.output(pdf.doc)
    : input.storage.put(input.key, pdf.doc, { contentType: 'application/pdf' });
  // If writing fails first, the put's own failure is secondary: keep it from going unhandled.
  stored.catch(() => undefined);
  let written = 0;
  try {
    pdf.cover(input.cover);
    outer: for await (const page of input.pages) {
      for (const expense of page) {
        if (written >= input.limit) break outer;
        const source = await sourceOf(input, expense);
        written += 1;
        pdf.receipt(expense, source, `Receipt ${written} of ${input.cover.count}`);
        await input.onProgress(written);
      }
    }
    pdf.end();
  } catch (error) {
    pdf.doc.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
  const result = await stored;
  return { written, size: result.size };
}
