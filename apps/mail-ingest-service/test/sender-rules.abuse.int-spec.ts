import { randomUUID } from 'node:crypto';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { SenderRuleMessages } from '@snaptrack/contracts';
import { api, createTestAccount, eventually, sql, stack } from '@snaptrack/testing';
import { deliver } from './smtp-client.js';
import { accountWithAddress, settledLog } from './mail-accounts.js';

/**
 * Anyone may mail a receipt address, so a stranger can flood it with junk receipts. Receipts
 * from senders not on the account's list are capped per hour (the rest wait in the mail log,
 * held, for the owner to release), and an account may take mail from listed senders only.
 * mail-ingest runs with 3 such receipts an hour for this file (default 10); 12 mails stand in
 * for the 500: the property (at most the cap become expenses, all others held) is the
 * same at any count above it.
 */
const UNKNOWN_PER_HOUR = 3;
const FLOOD = 12;

function textMail(from: string, body = `Corner Deli\nTotal ${randomUUID().slice(0, 4)}`): string {
  return [
    `From: ${from}`,
    'To: someone@example.com',
    `Subject: Receipt ${randomUUID()}`,
    `Message-ID: <${randomUUID()}@example.com>`,
    'Date: Mon, 16 Nov 2026 10:00:00 +0000',
    'Content-Type: text/plain; charset=utf-8',
    '',
    body,
    '',
  ].join('\r\n');
}

async function expenseCount(userId: string): Promise<number> {
  const rows = await sql<{ n: number }>(
    `SELECT count(*)::int AS "n" FROM "expenses"."expenses" WHERE "user_id" = $1`,
    [userId],
  );
  return rows[0]?.n ?? -1;
}

beforeAll(async () => {
  await stack.restart('mail-ingest', {
    UNKNOWN_SENDER_RECEIPTS_PER_HOUR: String(UNKNOWN_PER_HOUR),
  });
});

afterAll(async () => {
  await stack.restart('mail-ingest');
});

describe('a flood from an unknown sender', () => {
  it('makes at most the hourly number of expenses; the rest wait, held, for release', async () => {
    const victim = await accountWithAddress('flooded');
    for (let index = 0; index < FLOOD; index += 1) {
      const outcome = await deliver(
        textMail('Junk <junk@spam.example>'),
        victim.address,
        'junk@spam.example',
      );
      expect(outcome.accepted).toBe(true);
    }
    const log = await settledLog(victim.token, FLOOD);
    const held = log.filter((entry) => entry.status === 'held');
    expect(held).toHaveLength(FLOOD - UNKNOWN_PER_HOUR);
    expect(held[0]?.reason).toBe(SenderRuleMessages.heldFlood(UNKNOWN_PER_HOUR));
    expect(await expenseCount(victim.id)).toBe(UNKNOWN_PER_HOUR);

    // The owner lets one through: it is read like any other.
    const chosen = held[0];
    const released = await api(`/api/email/log/${chosen.id}/release`, {
      token: victim.token,
      method: 'POST',
    });
    expect(released.status).toBe(200);
    expect(released.body.entry).toMatchObject({ id: chosen.id, status: 'received' });
    await eventually(
      () => expenseCount(victim.id),
      (count) => count === UNKNOWN_PER_HOUR + 1,
      { what: 'the released mail is an expense' },
    );
    // Released once: a second release finds nothing held.
    const again = await api(`/api/email/log/${chosen.id}/release`, {
      token: victim.token,
      method: 'POST',
    });
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe(SenderRuleMessages.heldNotFound);

    // Nobody else may release the owner's held mail.
    const stranger = await createTestAccount('stranger');
    const foreign = await api(`/api/email/log/${held[1].id}/release`, {
      token: stranger.token,
      method: 'POST',
    });
    expect(foreign.status).toBe(404);
    const stillHeld = await sql<{ status: string }>(
      `SELECT "status" FROM "mail_ingest"."inbound_mail" WHERE "id" = $1`,
      [held[1].id],
    );
    expect(stillHeld).toEqual([{ status: 'held' }]);
  });
});

describe('listed senders only', () => {
  it('reads mail from a listed address or domain and holds every other', async () => {
    const owner = await accountWithAddress('listed');
    const refused = await api('/api/email/senders', {
      token: owner.token,
      method: 'PUT',
      body: { mode: 'listed', senders: ['not a sender'] },
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(SenderRuleMessages.invalidSender);

    const saved = await api('/api/email/senders', {
      token: owner.token,
      method: 'PUT',
      body: { mode: 'listed', senders: [' Shop.Example ', 'me@home.example', 'shop.example'] },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      mode: 'listed',
      senders: ['shop.example', 'me@home.example'],
      unknown_receipts_per_hour: UNKNOWN_PER_HOUR,
    });
    expect((await api('/api/email/senders', { token: owner.token })).body.senders).toEqual([
      'shop.example',
      'me@home.example',
    ]);

    const listed = await deliver(
      textMail('Shop <orders@eu.shop.example>'),
      owner.address,
      'bounces@mailer.example',
    );
    const forwarded = await deliver(
      textMail('Me <me@home.example>'),
      owner.address,
      'me@home.example',
    );
    const other = await deliver(
      textMail('Other <sales@other.example>'),
      owner.address,
      'x@other.example',
    );
    expect([listed, forwarded, other].map((outcome) => outcome.accepted)).toEqual([
      true,
      true,
      true,
    ]);
    const log = await settledLog(owner.token, 3);
    expect(log.filter((entry) => entry.status === 'held').map((entry) => entry.reason)).toEqual([
      SenderRuleMessages.heldNotListed,
    ]);
    expect(await expenseCount(owner.id)).toBe(2);

    // The raw mail counts in the storage quota, with the receipt it made.
    const counted = await sql<{ receipt_bytes: string; size_bytes: number }>(
      `SELECT e."receipt_bytes"::text AS "receipt_bytes", m."size_bytes"
       FROM "expenses"."expenses" e JOIN "mail_ingest"."inbound_mail" m ON m."id" = e."mail_id"
       WHERE e."user_id" = $1`,
      [owner.id],
    );
    expect(counted).toHaveLength(2);
    for (const row of counted) expect(Number(row.receipt_bytes)).toBeGreaterThan(row.size_bytes);
  });
});

describe('raw mail that made no receipt', () => {
  it('is deleted once the mail is done, not kept forever', async () => {
    const owner = await accountWithAddress('norcpt');
    expect((await deliver(textMail('Shop <shop@example.com>', ''), owner.address)).accepted).toBe(
      true,
    );
    const [entry] = await settledLog(owner.token, 1);
    expect(entry?.status).toBe('failed');
    const [row] = await sql<{ raw_key: string; raw_deleted_at: Date | null }>(
      `SELECT "raw_key", "raw_deleted_at" FROM "mail_ingest"."inbound_mail" WHERE "user_id" = $1`,
      [owner.id],
    );
    expect(row?.raw_deleted_at).not.toBeNull();
    await expect(access(path.join(stack.storageRoot, ...row.raw_key.split('/')))).rejects.toThrow();
  });
});
