/**
 * What became of one accepted message, as its owner sees it in the mail log. `held`: kept back
 * by the account's sender rules until its owner releases it (or it expires).
 */
export type InboundMailStatus = 'received' | 'processed' | 'failed' | 'held';

export interface InboundMailEntry {
  id: string;
  received_at: string;
  /** The receipt's own sender: the original one when the message was a forward. */
  from: string | null;
  subject: string | null;
  status: InboundMailStatus;
  /** Receipts handed on for reading (attachments, or 1 for a text receipt). */
  receipts_created: number;
  /** Why no receipt came of it, or why reading it failed; null when all went well. */
  reason: string | null;
}

export interface MailLogResponse {
  messages: InboundMailEntry[];
}
