import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from '@snaptrack/nest-logging';
import type { MailMessage, Mailer, SentMail } from './mail-message.js';

export interface MailerOptions {
  /** `smtp://user:pass@host:587`; without it, mail goes to the outbox folder. */
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  logger: Logger;
  /**
   * Outbox only: also log each mail's first link, for a person following mail on a local run.
   * Never in production: a link carries its reset, setup or verification code.
   */
  linkLogger?: Logger;
}

/**
 * Outbound mail through nodemailer. With no SMTP configured (a local run) each message is
 * written as a real .eml file to the outbox folder (mode 600), where a person or a test reads
 * it; its first link is logged only when a `linkLogger` is given (local runs, never production).
 */
export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? new SmtpMailer(options) : new OutboxMailer(options);
}

class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(private readonly options: MailerOptions) {
    this.transport = nodemailer.createTransport(options.smtpUrl);
  }

  async send(message: MailMessage): Promise<SentMail> {
    const info = await this.transport.sendMail({ from: this.options.from, ...pickMail(message) });
    this.options.logger.info({ tag: message.tag, messageId: info.messageId }, 'mail sent');
    return { messageId: info.messageId, transport: 'smtp' };
  }
}

class OutboxMailer implements Mailer {
  private readonly transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });

  constructor(private readonly options: MailerOptions) {}

  async send(message: MailMessage): Promise<SentMail> {
    const info = await this.transport.sendMail({ from: this.options.from, ...pickMail(message) });
    await mkdir(this.options.outboxDir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.join(
      this.options.outboxDir,
      `${stamp}-${message.tag}-${safeName(message.to)}.eml`,
    );
    // Written aside, then renamed: a reader of the folder never sees half a message.
    await writeFile(`${file}.partial`, info.message as Buffer, { mode: 0o600 });
    await rename(`${file}.partial`, file);
    const { linkLogger, logger } = this.options;
    if (linkLogger) {
      const link = /https?:\/\/\S+/.exec(message.text)?.[0];
      linkLogger.info({ tag: message.tag, to: message.to, file, link }, 'mail written to outbox');
    } else {
      logger.info({ tag: message.tag, to: message.to, file }, 'mail written to outbox');
    }
    return { messageId: info.messageId, transport: 'outbox', file };
  }
}

function pickMail(message: MailMessage) {
  return { to: message.to, subject: message.subject, text: message.text, html: message.html };
}

function safeName(address: string): string {
  return address
    .toLowerCase()
    .replace(/[^a-z0-9@._-]/g, '_')
    .slice(0, 80);
}
