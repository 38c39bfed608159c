import { randomUUID, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import tls from 'node:tls';
import MailComposer from 'nodemailer/lib/mail-composer';
import PDFDocument from 'pdfkit';
import {
  api,
  renderReceipt,
  settledExpenses,
  sql,
  stack,
  type TestAccount,
} from '@snaptrack/testing';
import { deliver, fixture } from './smtp-client.js';
import { accountWithAddress, mailLog, settledLog, subscribedWithAddress } from './mail-accounts.js';

function plainMail(subject: string, body: string): string {
  return [
    'From: Shop <shop@example.com>',
    'To: someone@example.com',
    `Subject: ${subject}`,
    `Message-ID: <${randomUUID()}@example.com>`,
    'Date: Mon, 16 Nov 2026 10:00:00 +0000',
    'Content-Type: text/plain; charset=utf-8',
    '',
    body,
    '',
  ].join('\r\n');
}

describe('mail-ingest: SMTP acceptance', () => {
  let owner: TestAccount & { address: string };

  beforeAll(async () => {
    owner = await accountWithAddress('mailin');
  });

  it('refuses an unknown recipient at RCPT with 550 5.1.1, so nothing bounces later', async () => {
    const outcome = await deliver(
      plainMail('hi', 'x'),
      `nobody-${randomUUID().slice(0, 8)}@snaptrack.localhost`,
    );
    expect(outcome.accepted).toBe(false);
    expect(outcome.responseCode).toBe(550);
    expect(outcome.response).toContain('5.1.1');
  });

  it('refuses a foreign domain (no open relay)', async () => {
    const outcome = await deliver(plainMail('relay', 'x'), 'victim@example.org');
    expect(outcome.responseCode).toBe(550);
  });

  it('accepts a known address in any case, and the owner sees the message in the mail log', async () => {
    const subject = `Receipt ${randomUUID()}`;
    const outcome = await deliver(
      plainMail(subject, 'Corner Deli\nTotal 12.00'),
      owner.address.toUpperCase(),
    );
    expect(outcome.accepted).toBe(true);
    const [entry] = (await mailLog(owner.token)).filter(
      (item) => item.subject === subject || item.status === 'received',
    );
    expect(entry).toBeDefined();
    const rows = await sql<{ raw_key: string }>(
      `SELECT "raw_key" FROM "mail_ingest"."inbound_mail" WHERE "user_id" = $1`,
      [owner.id],
    );
    expect(rows.length).toBeGreaterThan(0);
  });

  it('keeps one record when the same bytes arrive twice', async () => {
    const raw = plainMail(`Twice ${randomUUID()}`, 'Total 5.00');
    expect((await deliver(raw, owner.address)).accepted).toBe(true);
    expect((await deliver(raw, owner.address)).accepted).toBe(true);
    const rows = await sql(
      `SELECT 1 FROM "mail_ingest"."inbound_mail" WHERE "user_id" = $1 AND "sha256" = encode(sha256($2::bytea), 'hex')`,
      [owner.id, Buffer.from(raw)],
    );
    expect(rows).toHaveLength(1);
  });

  it('rejects a message over 25 MB with 552 and stores nothing', async () => {
    const before = await sql(`SELECT count(*)::int AS n FROM "mail_ingest"."inbound_mail"`);
    const big = plainMail('big', 'A'.repeat(26 * 1024 * 1024));
    const outcome = await deliver(big, owner.address);
    expect(outcome.accepted).toBe(false);
    expect(outcome.responseCode).toBe(552);
    const after = await sql(`SELECT count(*)::int AS n FROM "mail_ingest"."inbound_mail"`);
    expect(after[0].n).toBe(before[0].n);
  });

  it('answers 451 when storage is down, writes no row, and accepts again once it is back', async () => {
    const root = stack.storageRoot;
    const parked = `${root}.parked-${randomUUID().slice(0, 6)}`;
    const subject = `Storage down ${randomUUID()}`;
    await rename(root, parked);
    await writeFile(root, 'not a folder');
    try {
      const outcome = await deliver(plainMail(subject, 'Total 1.00'), owner.address);
      expect(outcome.accepted).toBe(false);
      expect(outcome.responseCode).toBe(451);
    } finally {
      await rm(root, { force: true });
      await rename(parked, root);
    }
    const rows = await sql(`SELECT 1 FROM "mail_ingest"."inbound_mail" WHERE "subject" = $1`, [
      subject,
    ]);
    expect(rows).toHaveLength(0);
    expect((await deliver(plainMail(subject, 'Total 1.00'), owner.address)).accepted).toBe(true);
  });

  it('offers STARTTLS with the configured certificate, not the package built-in one', async () => {
    const configured = new X509Certificate(readFileSync(stack.tlsCertFile));
    const fingerprint = await startTlsFingerprint(stack.smtpPort);
    expect(fingerprint).toBe(configured.fingerprint256);
  });
});

describe('mail-ingest: reading accepted mail', () => {
  let owner: TestAccount & { address: string };

  beforeAll(async () => {
    owner = await accountWithAddress('mailrd');
  });

  it('records why a message with neither attachment nor text gave no receipt', async () => {
    const empty = [
      'From: Nobody <n@example.com>',
      'Subject: Empty',
      'Content-Type: text/plain',
      '',
      '',
    ].join('\r\n');
    expect((await deliver(empty, owner.address)).accepted).toBe(true);
    const [entry] = await settledLog(owner.token);
    expect(entry).toMatchObject({
      status: 'failed',
      subject: 'Empty',
      receipts_created: 0,
      reason: 'No receipt found: the message has no image or PDF attachment and no text.',
    });
  });

  it('contains a mail bomb of nested parts in its worker; the next mail is still read', async () => {
    const depth = 3000;
    const lines = ['From: Bomb <b@example.com>', 'Subject: Bomb', 'MIME-Version: 1.0'];
    for (let level = 0; level < depth; level += 1) {
      lines.push(`Content-Type: multipart/mixed; boundary="b${level}"`, '', `--b${level}`);
    }
    lines.push('Content-Type: text/plain', '', 'deep');
    for (let level = depth - 1; level >= 0; level -= 1) lines.push(`--b${level}--`);
    expect((await deliver(lines.join('\r\n'), owner.address)).accepted).toBe(true);
    const empty = ['From: After <a@example.com>', 'Subject: After the bomb', '', ''].join('\r\n');
    expect((await deliver(empty, owner.address)).accepted).toBe(true);
    const entries = await settledLog(owner.token, 3, 45_000);
    const after = entries.find((entry) => entry.subject === 'After the bomb');
    expect(after?.status).toBe('failed');
    expect(after?.reason).toContain('No receipt found');
    const health = await fetch(`${stack.baseUrl}/api/health/ready`);
    expect(health.status).toBe(200);
  });
});

/** Opens an SMTP session, upgrades with STARTTLS and returns the served certificate's fingerprint. */
async function startTlsFingerprint(port: number): Promise<string> {
  const socket = net.connect(port, '127.0.0.1');
  const read = () =>
    new Promise<string>((resolve) => socket.once('data', (chunk) => resolve(chunk.toString())));
  await read(); // greeting
  socket.write('EHLO test.example\r\n');
  let ehlo = await read();
  while (!/^250 /m.test(ehlo)) ehlo += await read();
  expect(ehlo).toContain('STARTTLS');
  socket.write('STARTTLS\r\n');
  expect(await read()).toMatch(/^220/);
  const secure = tls.connect({
    socket,
    rejectUnauthorized: false,
    servername: 'mx.snaptrack.localhost',
  });
  await new Promise<void>((resolve, reject) => {
    secure.once('secureConnect', () => resolve());
    secure.once('error', reject);
  });
  const fingerprint = secure.getPeerX509Certificate()?.fingerprint256 ?? '';
  secure.destroy();
  return fingerprint;
}

interface MailedExpense {
  id: string;
  vendor: string;
  amount: number;
  expense_date: string;
  entity: string;
  status: string;
  extraction_method: string;
  email_subject: string | null;
  raw_ocr_text: string | null;
}

describe('mail-ingest: receipts from mail', () => {
  it('turns an HTML-only e-receipt into a text receipt the Email Receipt modal can show', async () => {
    const owner = await subscribedWithAddress('html');
    expect((await deliver(fixture('html-only-receipt.eml'), owner.address)).accepted).toBe(true);
    const [expense] = await settledExpenses<MailedExpense>(owner.token, 1);
    expect(expense).toMatchObject({
      extraction_method: 'text',
      email_subject: 'Your Friday evening trip with Uber',
      entity: 'Personal',
      amount: 20.75,
    });
    expect(expense.raw_ocr_text).toMatch(/Total\s+\$20\.75/);
    expect(expense.raw_ocr_text).not.toContain('127.0.0.1');
    const [entry] = await settledLog(owner.token);
    expect(entry).toMatchObject({ status: 'processed', receipts_created: 1, reason: null });
  });

  it('reads a Gmail forward as the shop sent it: its date, its total', async () => {
    const owner = await subscribedWithAddress('gfwd');
    expect((await deliver(fixture('gmail-forward.eml'), owner.address)).accepted).toBe(true);
    const [expense] = await settledExpenses<MailedExpense>(owner.token, 1);
    expect(expense).toMatchObject({
      extraction_method: 'text',
      email_subject: 'Your Blue Bottle Coffee receipt',
      expense_date: '2026-11-14',
      amount: 11.17,
    });
    const [entry] = await settledLog(owner.token);
    expect(entry.from).toBe('Blue Bottle Coffee <receipts@bluebottle.example>');
  });

  it('names the shop of a text receipt from its sender where the text names none', async () => {
    const owner = await subscribedWithAddress('sender');
    const body =
      'Hi Max,\n\nOrder #1042\nLinen shirt 59.00\nTotal $63.90\n\nOrdered November 20, 2026';
    const raw = await compose({
      from: 'Linen & Co <orders@linenco.example>',
      subject: 'Order #1042 confirmed',
      text: body,
    });
    expect((await deliver(raw, owner.address)).accepted).toBe(true);
    const [expense] = await settledExpenses<MailedExpense>(owner.token, 1);
    expect(expense).toMatchObject({
      extraction_method: 'text',
      vendor: 'Linen & Co',
      amount: 63.9,
    });
    // The modal shows the message as sent; the header is kept with the stored file only.
    expect(expense.raw_ocr_text).toBe(body);
    // Read from the mail, not the receipt: for the user to confirm.
    const { body: queue } = await api('/api/expenses?review=needed', { token: owner.token });
    expect((queue.expenses as MailedExpense[]).map((e) => e.id)).toContain(expense.id);
  });

  it('reads an iPhone photo sent as a HEIC attachment', async () => {
    const owner = await subscribedWithAddress('heic');
    const heic = await renderReceipt(
      { vendor: 'LAKESIDE BAKERY', date: '2026-11-07', total: '14.60' },
      { format: 'heic' },
    );
    const raw = await compose({
      from: 'Me <me@example.com>',
      subject: 'Bakery',
      text: 'Sent from my iPhone',
      attachments: [{ filename: 'IMG_2041.HEIC', content: heic, contentType: 'image/heic' }],
    });
    expect((await deliver(raw, owner.address)).accepted).toBe(true);
    const [entry] = await settledLog(owner.token, 1, 90_000);
    expect(entry).toMatchObject({ status: 'processed', receipts_created: 1 });
    const [expense] = await settledExpenses<MailedExpense>(owner.token, 1);
    expect(expense).toMatchObject({
      status: 'ready',
      extraction_method: 'image',
      email_subject: 'Bakery',
      vendor: 'LAKESIDE BAKERY',
      amount: 14.6,
      expense_date: '2026-11-07',
    });
  });

  it('makes one receipt per image or PDF attachment, and one set however often it arrives', async () => {
    const owner = await subscribedWithAddress('three');
    const receipts = [
      { vendor: 'Harbor Books', date: '2026-11-02', total: '23.40' },
      { vendor: 'Green Grocer', date: '2026-11-05', total: '17.85' },
    ];
    const images = await Promise.all(receipts.map((receipt) => renderReceipt(receipt)));
    const pdf = await receiptPdf('Office Supply Co', '31.20');
    const message = {
      from: 'Me <me@example.com>',
      subject: 'Three receipts',
      text: 'Receipts attached.',
      attachments: [
        { filename: 'books.jpg', content: images[0] },
        { filename: 'grocer.png.jpg', content: images[1] },
        { filename: 'office.pdf', content: pdf },
        // Named like an image, but text: not a receipt, and not a reason to use the body either.
        { filename: 'notes.jpg', content: Buffer.from('just some notes') },
      ],
    };
    const raw = await compose(message);
    expect((await deliver(raw, owner.address)).accepted).toBe(true);
    expect((await deliver(raw, owner.address)).accepted).toBe(true);
    // The mail log first: if the message was not handed over, it says why.
    const [entry] = await settledLog(owner.token, 1, 90_000);
    expect(entry).toMatchObject({ status: 'processed', receipts_created: 3 });
    const expenses = await settledExpenses<MailedExpense>(owner.token, 3);
    expect(expenses).toHaveLength(3);
    expect(expenses.every((expense) => expense.extraction_method === 'image')).toBe(true);
    expect(expenses.every((expense) => expense.email_subject === 'Three receipts')).toBe(true);
    const read = expenses.filter((expense) => expense.status === 'ready');
    expect(read.map((expense) => expense.amount).sort()).toEqual(
      expect.arrayContaining([17.85, 23.4]),
    );
    // The PDF is read from its text layer: its own vendor and total.
    expect(read).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ vendor: 'Office Supply Co', amount: 31.2 }),
      ]),
    );
  });
});

/** A one-page PDF receipt with a text layer (pdfkit). */
async function receiptPdf(vendor: string, total: string): Promise<Buffer> {
  const document = new PDFDocument({ size: 'A6' });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => document.on('end', () => resolve()));
  document.fontSize(16).text(vendor).fontSize(11).text('10 Nov 2026').text(`TOTAL ${total}`);
  document.end();
  await done;
  return Buffer.concat(chunks);
}

/** The raw MIME of a message, built by nodemailer's composer. */
function compose(message: ConstructorParameters<typeof MailComposer>[0]): Promise<Buffer> {
  return new MailComposer(message).compile().build();
}
