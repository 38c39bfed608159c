import { randomUUID } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { EntitlementMessages } from '@snaptrack/contracts';
import { sql, stack } from '@snaptrack/testing';
import { deliver, RawSmtpSession } from './smtp-client.js';
import { accountWithAddress } from './mail-accounts.js';

/**
 * Anyone may send mail to any receipt address: an attacker's view of the inbound MX. Mail for an
 * account without a subscription is refused at RCPT (550 5.7.1), and a flood to one address is
 * cut off at its hourly quota (452 4.2.2); neither stores anything. A message over the size
 * limit is cut off at the limit, not stored whole first, and one client cannot hold every
 * connection. mail-ingest runs with a quota of 3 an hour (default 100), a 1 MiB size limit
 * (default 25 MiB) and 3 connections per client (default 10) for this file, then gets its own
 * environment back.
 */
const MAILS_PER_HOUR = 3;
const MAX_BYTES = 1024 * 1024;
const PER_CLIENT = 3;

function receiptMail(subject: string): string {
  return [
    'From: Shop <shop@example.com>',
    'To: someone@example.com',
    `Subject: ${subject}`,
    `Message-ID: <${randomUUID()}@example.com>`,
    'Date: Mon, 16 Nov 2026 10:00:00 +0000',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Corner Deli\nTotal 4.20',
    '',
  ].join('\r\n');
}

async function storedMails(userId: string): Promise<number> {
  const rows = await sql<{ n: number }>(
    `SELECT count(*)::int AS "n" FROM "mail_ingest"."inbound_mail" WHERE "user_id" = $1`,
    [userId],
  );
  return rows[0]?.n ?? -1;
}

beforeAll(async () => {
  await stack.restart('mail-ingest', {
    MAILS_PER_HOUR: String(MAILS_PER_HOUR),
    MAIL_MAX_BYTES: String(MAX_BYTES),
    SMTP_MAX_CLIENTS_PER_ADDRESS: String(PER_CLIENT),
  });
});

afterAll(async () => {
  await stack.restart('mail-ingest');
});

describe('mail to an account without a subscription', () => {
  it('is refused at RCPT with 550 5.7.1 and a reason, and nothing is stored', async () => {
    const free = await accountWithAddress('nosub', null);
    const outcome = await deliver(receiptMail('free ride'), free.address);
    expect(outcome.accepted).toBe(false);
    expect(outcome.responseCode).toBe(550);
    expect(outcome.response).toContain(EntitlementMessages.smtpRefusal);
    expect(await storedMails(free.id)).toBe(0);
  });

  it('is refused once the paid period has ended', async () => {
    const lapsed = await accountWithAddress('lapsedmail', {
      status: 'canceled',
      periodEnd: new Date(Date.now() - 60_000),
    });
    const outcome = await deliver(receiptMail('after the end'), lapsed.address);
    expect(outcome.responseCode).toBe(550);
    expect(outcome.response).toContain('5.7.1');
    expect(await storedMails(lapsed.id)).toBe(0);
  });

  it('refuses only that recipient when one message names a paying one too', async () => {
    const free = await accountWithAddress('nosubcc', null);
    const paying = await accountWithAddress('payingcc');
    const outcome = await deliver(receiptMail('two of us'), [free.address, paying.address]);
    expect(outcome.accepted).toBe(true);
    expect(await storedMails(paying.id)).toBe(1);
    expect(await storedMails(free.id)).toBe(0);
  });
});

describe('a mail flood to one receipt address', () => {
  it('answers 452 4.2.2 once the hourly quota is used, stores nothing more', async () => {
    const target = await accountWithAddress('flooded');
    for (let index = 0; index < MAILS_PER_HOUR; index += 1) {
      const outcome = await deliver(receiptMail(`flood ${index} ${randomUUID()}`), target.address);
      expect(outcome.accepted).toBe(true);
    }
    for (let index = 0; index < 3; index += 1) {
      const outcome = await deliver(receiptMail(`over ${index} ${randomUUID()}`), target.address);
      expect(outcome.accepted).toBe(false);
      expect(outcome.responseCode).toBe(452);
      expect(outcome.response).toContain(
        `4.2.2 This receipt address has received ${MAILS_PER_HOUR} mails in the last hour`,
      );
    }
    expect(await storedMails(target.id)).toBe(MAILS_PER_HOUR);

    // The quota is the address's: another address still takes mail.
    const other = await accountWithAddress('unflooded');
    expect((await deliver(receiptMail('fine'), other.address)).accepted).toBe(true);
  });
});

/** Bytes of every file under the raw mail folder, temporary uploads included. */
async function rawMailBytes(folder = path.join(stack.storageRoot, 'mail')): Promise<number> {
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
  let total = 0;
  for (const entry of entries) {
    const child = path.join(folder, entry.name);
    if (entry.isDirectory()) total += await rawMailBytes(child);
    else
      total += await stat(child).then(
        (info) => info.size,
        () => 0,
      );
  }
  return total;
}

describe('a message far over the size limit', () => {
  it('is cut off at the limit while it streams: storage never holds it, the answer is 552', async () => {
    const target = await accountWithAddress('oversized');
    const before = await rawMailBytes();
    const session = await RawSmtpSession.open();
    expect((await session.reply()).code).toBe(220);
    expect((await session.command('EHLO attacker.example')).code).toBe(250);
    expect((await session.command('MAIL FROM:<attacker@example.com>')).code).toBe(250);
    expect((await session.command(`RCPT TO:<${target.address}>`)).code).toBe(250);
    expect((await session.command('DATA')).code).toBe(354);

    // Storage is measured all the while the 64 MiB go out.
    let streaming = true;
    let most = 0;
    const watching = (async () => {
      while (streaming) {
        most = Math.max(most, (await rawMailBytes()) - before);
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const line = Buffer.from(`${'A'.repeat(998)}\r\n`);
    const chunk = Buffer.concat(Array.from({ length: 64 }, () => line)); // 64,000 bytes
    let sent = 0;
    while (sent < 64 * 1024 * 1024 && (await session.write(chunk))) sent += chunk.length;
    await session.write(Buffer.from('.\r\n'));
    const answer = await session.reply();
    streaming = false;
    await watching;
    session.close();

    // 552, or a connection closed on us; one socket read (64 KiB) past the limit at most.
    expect([552, null]).toContain(answer.code);
    expect(most).toBeLessThanOrEqual(MAX_BYTES + 64 * 1024);
    expect(await rawMailBytes()).toBe(before);
    expect(await storedMails(target.id)).toBe(0);
  });
});

/**
 * A session the server greeted with 220. The server frees a slot just after the socket closed,
 * so a connection right after another one's close may still find it taken: then again.
 */
async function greetedSession(): Promise<RawSmtpSession> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const session = await RawSmtpSession.open();
    const greeting = await session.reply();
    if (greeting.code === 220) return session;
    session.close();
    if (Date.now() > deadline) throw new Error(`no 220 greeting: ${greeting.text}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('many connections from one client', () => {
  it('gets 421 past its share, and a slot back once one closes', async () => {
    const sessions: RawSmtpSession[] = [];
    try {
      for (let index = 0; index < PER_CLIENT; index += 1) sessions.push(await greetedSession());
      const extra = await RawSmtpSession.open();
      sessions.push(extra);
      const refused = await extra.reply();
      expect(refused.code).toBe(421);
      expect(refused.text).toContain('Too many connections from your address');

      expect((await sessions[0].command('QUIT')).code).toBe(221);
      sessions.push(await greetedSession());
    } finally {
      for (const session of sessions) session.close();
    }
  });
});
