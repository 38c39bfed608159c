import { readFileSync } from 'node:fs';
import net from 'node:net';
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

/** One SMTP reply: its code and its lines' text (null code: the server closed the connection). */
export interface SmtpReply {
  code: number | null;
  text: string;
}

/**
 * A hand-driven SMTP session over a plain socket, for what a well-behaved client library will
 * not do: stream more DATA than the server's SIZE, hold connections open.
 */
export class RawSmtpSession {
  private buffered = '';
  private waiting: (() => void) | null = null;
  private ended = false;
  readonly socket: net.Socket;

  private constructor(socket: net.Socket) {
    this.socket = socket;
    socket.on('data', (chunk: Buffer) => {
      this.buffered += chunk.toString('latin1');
      this.waiting?.();
    });
    const end = () => {
      this.ended = true;
      this.waiting?.();
    };
    socket.on('close', end);
    socket.on('error', end);
  }

  static async open(): Promise<RawSmtpSession> {
    const socket = net.connect(stack.smtpPort, '127.0.0.1');
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    return new RawSmtpSession(socket);
  }

  /** The next complete reply (a multi-line one whole), or code null once the socket closed. */
  async reply(): Promise<SmtpReply> {
    for (;;) {
      const match = /^(?:\d{3}-.*\r\n)*(\d{3})(?: .*)?\r\n/.exec(this.buffered);
      if (match) {
        this.buffered = this.buffered.slice(match[0].length);
        return { code: Number(match[1]), text: match[0] };
      }
      if (this.ended) return { code: null, text: this.buffered };
      await new Promise<void>((resolve) => (this.waiting = resolve));
      this.waiting = null;
    }
  }

  /** Sends one command line and returns its reply. */
  async command(line: string): Promise<SmtpReply> {
    this.socket.write(`${line}\r\n`);
    return this.reply();
  }

  /** Writes bytes, waiting while the socket's buffer is full; false once the socket is gone. */
  async write(bytes: Buffer): Promise<boolean> {
    if (this.ended || this.socket.destroyed) return false;
    if (this.socket.write(bytes)) return true;
    await new Promise<void>((resolve) => {
      const go = () => {
        this.socket.off('drain', go);
        this.socket.off('close', go);
        resolve();
      };
      this.socket.on('drain', go);
      this.socket.on('close', go);
    });
    return !this.ended;
  }

  close(): void {
    this.socket.destroy();
  }
}
