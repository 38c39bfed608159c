import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { stack } from '@snaptrack/testing';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

export function fixture(name: string): Buffer {
  return readFileSync(path.join(fixtures, name));
}

/** What the server answered, as nodemailer reports it (rejections included). */
export interface SmtpOutcome {
  accepted: boolean;
  responseCode: number | null;
  response: string;
}

/** Sends a raw message over SMTP to the test stack's mail-ingest, as a real MTA would. */
export function deliver(
  raw: Buffer | string,
  to: string | string[],
  from = 'sender@example.com',
): Promise<SmtpOutcome> {
  return send({ envelope: { from, to }, raw });
}

/** Composes (nodemailer's MIME builder) and sends a message with attachments. */
export function deliverComposed(message: Mail.Options, to: string): Promise<SmtpOutcome> {
  return send({ ...message, envelope: { from: 'sender@example.com', to } });
}

async function send(message: Mail.Options): Promise<SmtpOutcome> {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: stack.smtpPort,
    secure: false,
    ignoreTLS: true,
    connectionTimeout: 10_000,
  });
  try {
    const info = await transport.sendMail(message);
    return { accepted: info.accepted.length > 0, responseCode: 250, response: info.response };
  } catch (error) {
    const failure = error as { responseCode?: number; response?: string; message: string };
    return {
      accepted: false,
      responseCode: failure.responseCode ?? null,
      response: failure.response ?? failure.message,
    };
  } finally {
    transport.close();
  }
}
