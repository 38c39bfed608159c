import { randomUUID } from 'node:crypto';
import { EntitlementMessages } from '@snaptrack/contracts';
import { api, createTestAccount, sql, stack, type TestAccount } from '@snaptrack/testing';
import type { TestSubscription } from '@snaptrack/testing';
import { deliver } from './smtp-client.js';

/**
 * Anyone may send mail to any receipt address: an attacker's view of the inbound MX. Mail for an
 * account without a subscription is refused at RCPT (550 5.7.1), and a flood to one address is
 * cut off at its hourly quota (452 4.2.2); neither stores anything. mail-ingest runs with a
 * quota of 3 an hour for this file (default 100), then gets its own environment back.
 */
const MAILS_PER_HOUR = 3;

type Addressed = TestAccount & { address: string };

async function accountWithAddress(
  label: string,
  subscription: TestSubscription | null = {},
): Promise<Addressed> {
  const account = await createTestAccount(label, subscription);
  const username = `${label}${account.id.slice(0, 6)}`.toLowerCase();
  const assigned = await api('/api/username/assign', {
    token: account.token,
    body: { username },
  });
  expect(assigned.status).toBe(200);
  return { ...account, address: assigned.body.snaptrack_email as string };
}

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
  await stack.restart('mail-ingest', { MAILS_PER_HOUR: String(MAILS_PER_HOUR) });
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
