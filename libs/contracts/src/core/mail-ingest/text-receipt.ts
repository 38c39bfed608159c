/**
 * A mailed message without attachments is stored as one text file, the receipt: the shop's
 * From and Subject header lines, a blank line, then the message's text (mail-ingest writes
 * it, ocr-service reads it). The header is evidence of the shop ("Linen & Co
 * <orders@linenco.example>", "Your receipt from Harbor Cafe") where the text names it nowhere,
 * and it stays with the file, so a later reading of the receipt has it too. Files stored before
 * the header existed are the text alone.
 */
export interface TextReceipt {
  from: string | null;
  subject: string | null;
  /** The message's text: what the Email Receipt modal shows. */
  body: string;
}

const HEADER_LINE = /^(From|Subject): (.*)$/;

/** The file's text; a header value is kept on its one line. */
export function formatTextReceipt({ from, subject, body }: TextReceipt): string {
  const header = [
    ['From', from],
    ['Subject', subject],
  ]
    .filter((entry): entry is [string, string] => !!entry[1]?.trim())
    .map(([name, value]) => `${name}: ${value.replace(/\s+/g, ' ').trim()}`);
  return header.length ? `${header.join('\n')}\n\n${body}` : body;
}

/** The header and text of a stored text receipt; a file without the header is all text. */
export function parseTextReceipt(text: string): TextReceipt {
  const end = text.indexOf('\n\n');
  const lines = end > 0 ? text.slice(0, end).split('\n') : [];
  const header = lines.map((line) => HEADER_LINE.exec(line));
  if (lines.length === 0 || lines.length > 2 || header.some((match) => !match)) {
    return { from: null, subject: null, body: text };
  }
  const value = (name: string) => header.find((match) => match![1] === name)?.[2] || null;
  return { from: value('From'), subject: value('Subject'), body: text.slice(end + 2) };
}
