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

const FROM_LINE = /^From:(?: (.*))?$/;
const SUBJECT_LINE = /^Subject:(?: (.*))?$/;

/**
 * The file's text: both header lines always (empty when the mail had none), so that a message
 * whose own text starts like a header is never taken for one; a value is kept on its one line.
 */
export function formatTextReceipt({ from, subject, body }: TextReceipt): string {
  const line = (name: string, value: string | null) => {
    const oneLine = value?.replace(/\s+/g, ' ').trim();
    return oneLine ? `${name}: ${oneLine}` : `${name}:`;
  };
  return `${line('From', from)}\n${line('Subject', subject)}\n\n${body}`;
}

/** The header and text of a stored text receipt; a file without the header is all text. */
export function parseTextReceipt(text: string): TextReceipt {
  const end = text.indexOf('\n\n');
  const [from, subject, ...more] = end > 0 ? text.slice(0, end).split('\n') : [];
  const fromLine = FROM_LINE.exec(from ?? '');
  const subjectLine = SUBJECT_LINE.exec(subject ?? '');
  if (!fromLine || !subjectLine || more.length > 0)
    return { from: null, subject: null, body: text };
  return {
    from: fromLine[1]?.trim() || null,
    subject: subjectLine[1]?.trim() || null,
    body: text.slice(end + 2),
  };
}
