import { simpleParser, type Attachment, type ParsedMail } from 'mailparser';
import { stripForwardPrefixes, unwrapForwarded } from './forwarded.js';
import { htmlToReceiptText } from './html-text.js';

/** A file of the message that may be a receipt; its type is judged later by its bytes. */
export interface MailAttachment {
  filename: string | null;
  contentType: string;
  content: Uint8Array;
}

/** What a receipt mail says, with forwards unwrapped: the shop's sender, date and text. */
export interface ParsedReceiptMail {
  from: string | null;
  subject: string | null;
  /** ISO date-time of the original message. */
  date: string | null;
  /** Readable text: the text part, or the HTML turned into text (never fetched, never run). */
  text: string;
  attachments: MailAttachment[];
}

/** Images under this size are logos and tracking pixels, not receipts. */
const MIN_RECEIPT_IMAGE_BYTES = 2048;

/**
 * Reads a raw message. A message forwarded as an attachment needs no recursion: mailparser
 * writes an attached message/rfc822 part into the text as its header lines and body, which
 * `unwrapForwarded` then reads like any inline forward.
 */
export async function parseReceiptMail(raw: Uint8Array): Promise<ParsedReceiptMail> {
  const mail = await simpleParser(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength), {
    skipImageLinks: true,
    skipTextLinks: true,
    skipTextToHtml: true,
    // The HTML is turned into text below, with receipt-friendly rules; mailparser's own
    // conversion is skipped by giving it nothing to convert.
    skipHtmlToText: true,
  });
  return summarise(mail);
}

function summarise(mail: ParsedMail): ParsedReceiptMail {
  const text = bodyText(mail);
  const forwarded = unwrapForwarded(text);
  const attachments = mail.attachments.filter(isReceiptCandidate).map((file) => ({
    filename: file.filename ?? null,
    contentType: file.contentType,
    content: new Uint8Array(file.content),
  }));
  return {
    from: forwarded?.from ?? mail.from?.text ?? null,
    subject: stripForwardPrefixes(forwarded?.subject ?? mail.subject),
    date: (forwarded?.date ?? mail.date ?? null)?.toISOString() ?? null,
    text: (forwarded?.body ?? text).trim(),
    attachments,
  };
}

function bodyText(mail: ParsedMail): string {
  if (mail.text && mail.text.trim()) return mail.text;
  return typeof mail.html === 'string' ? htmlToReceiptText(mail.html) : '';
}

/**
 * Attachments that could be receipts: images and PDFs, but not the pictures an HTML body
 * shows inline (`related`: logos of an e-receipt) nor tiny ones.
 */
function isReceiptCandidate(file: Attachment): boolean {
  const type = file.contentType.toLowerCase();
  const document = type === 'application/pdf' || type === 'application/octet-stream';
  if (!document && !type.startsWith('image/')) return false;
  if (file.related) return false;
  return document || file.size >= MIN_RECEIPT_IMAGE_BYTES;
}
