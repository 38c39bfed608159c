/** One email, with a plain-text body and an HTML body built from the same template. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A short label for logs and the outbox file name: `password-reset`, `setup-password` … */
  tag: string;
}

export interface SentMail {
  messageId: string;
  transport: 'smtp' | 'outbox';
  /** The .eml file, when written to the outbox. */
  file?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<SentMail>;
}
