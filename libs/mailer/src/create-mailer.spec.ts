import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { createLogger } from '@snaptrack/nest-logging';
import { createMailer } from './create-mailer.js';
import { renderMail } from './html.js';

const logger = createLogger('mailer-test', 'silent');
const body = renderMail({
  heading: 'Reset your password',
  paragraphs: ['Someone asked to reset the password of <your> account.'],
  action: {
    label: 'Choose a new password',
    url: 'http://localhost:8080/reset-password?mode=resetPassword&oobCode=abc',
  },
});
const message = {
  to: 'Someone@Example.com',
  subject: 'Reset your SnapTrack password',
  tag: 'password-reset',
  ...body,
};

describe('outbox mailer', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'outbox-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes a real MIME message whose link can be followed', async () => {
    const sent = await createMailer({
      from: 'SnapTrack <no-reply@snaptrack.localhost>',
      outboxDir: dir,
      logger,
    }).send(message);
    expect(sent.transport).toBe('outbox');
    const parsed = await simpleParser(await readFile(sent.file ?? ''));
    expect(parsed.subject).toBe('Reset your SnapTrack password');
    expect(parsed.text).toContain('oobCode=abc');
    expect(parsed.html).toContain('&lt;your&gt;');
    expect(parsed.html).not.toContain('<your>');
  });
});

describe('outbox mailer logs', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'outbox-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  function capturingLogger(options?: { scrubSecrets?: boolean }) {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    return { lines, logger: createLogger('auth', 'info', stream, options) };
  }

  it('never write the link (its code) without a link logger, as in production', async () => {
    const { lines, logger: quiet } = capturingLogger();
    await createMailer({ from: 'a@b.c', outboxDir: dir, logger: quiet }).send(message);
    expect(lines.join('')).toContain('mail written to outbox');
    expect(lines.join('')).not.toContain('oobCode=abc');
    expect(lines.join('')).not.toContain('reset-password');
  });

  it('write the link through the link logger of a local run', async () => {
    const { lines, logger: local } = capturingLogger({ scrubSecrets: false });
    await createMailer({ from: 'a@b.c', outboxDir: dir, logger, linkLogger: local }).send(message);
    expect(lines.join('')).toContain(
      'http://localhost:8080/reset-password?mode=resetPassword&oobCode=abc',
    );
  });
});

describe('smtp mailer', () => {
  const received: string[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        stream.on('end', () => {
          received.push(raw);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers to the configured SMTP server', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'no-reply@snaptrack.localhost',
      outboxDir: '/nonexistent',
      logger,
    });
    const sent = await mailer.send(message);
    expect(sent.transport).toBe('smtp');
    expect(received).toHaveLength(1);
    const parsed = await simpleParser(received[0] ?? '');
    expect((parsed.to && 'text' in parsed.to ? parsed.to.text : '').toLowerCase()).toContain(
      'someone@example.com',
    );
    expect(parsed.text).toContain('Choose a new password');
  });
});
