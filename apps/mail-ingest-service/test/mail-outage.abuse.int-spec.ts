import { randomUUID } from 'node:crypto';
import { DELIVERY_LIMIT } from '@snaptrack/nest-rmq';
import { eventually, metricValue, scrapeMetrics, sql, stack } from '@snaptrack/testing';
import { deliver } from './smtp-client.js';
import { accountWithAddress } from './mail-accounts.js';

/**
 * A sender told 250 will never send again: an outage of expenses-service must not lose the
 * mail. mail-ingest runs here with a 1 s bus timeout and retries backing off from 1 s to 2 s,
 * a sweep every second and mail counted stuck after 5 s (defaults: 10 s, 30 s to 10 min,
 * 30 s, 5 min), so the outage need not last minutes to outlast the broker's redeliveries.
 */
const MAILS = 5;
const CREATE = 'expenses.receipt.create.v1';

function receiptMail(total: string): string {
  return [
    'From: Shop <shop@example.com>',
    'To: someone@example.com',
    `Subject: Receipt ${randomUUID()}`,
    `Message-ID: <${randomUUID()}@example.com>`,
    'Date: Mon, 16 Nov 2026 10:00:00 +0000',
    'Content-Type: text/plain; charset=utf-8',
    '',
    `Corner Deli\nTotal ${total}`,
    '',
  ].join('\r\n');
}

/** Receipts mail-ingest tried to hand to expenses and could not (no answer, or an error). */
async function failedHandOvers(): Promise<number> {
  const { samples } = await scrapeMetrics('mail-ingest');
  const name = 'snaptrack_bus_rpc_duration_seconds_count';
  return (
    metricValue(samples, name, { pattern: CREATE }) -
    metricValue(samples, name, { pattern: CREATE, outcome: 'ok' })
  );
}

async function count(query: string, userId: string): Promise<number> {
  const rows = await sql<{ n: number }>(query, [userId]);
  return rows[0]?.n ?? -1;
}

beforeAll(async () => {
  await stack.restart('mail-ingest', {
    RPC_TIMEOUT_MS: '1000',
    MAIL_RETRY_BASE_SECONDS: '1',
    MAIL_RETRY_MAX_SECONDS: '2',
    MAIL_RETRY_SWEEP_SECONDS: '1',
    MAIL_STUCK_AFTER_SECONDS: '5',
  });
});

afterAll(async () => {
  await stack.restart('mail-ingest');
});

describe('mail accepted while expenses-service is down', () => {
  it('all becomes expenses once it is back, without a dead-letter replay', async () => {
    const owner = await accountWithAddress('outage');
    await stack.stop('expenses');
    try {
      for (let index = 0; index < MAILS; index += 1) {
        expect((await deliver(receiptMail(`${index + 1}.00`), owner.address)).accepted).toBe(true);
      }
      // Down until every mail failed more often than the broker redelivers a message: the
      // point where a plain redelivery would have dead-lettered them all.
      await eventually(failedHandOvers, (failed) => failed >= MAILS * (DELIVERY_LIMIT + 1), {
        what: 'every mail failed past the delivery limit',
        timeoutMs: 180_000,
      });
    } finally {
      await stack.start('expenses');
    }

    await eventually(
      () =>
        count(
          `SELECT count(*)::int AS n FROM "expenses"."expenses" WHERE "user_id" = $1`,
          owner.id,
        ),
      (expenses) => expenses === MAILS,
      { what: `${MAILS} mailed expenses exist`, timeoutMs: 120_000 },
    );
    await eventually(
      () =>
        count(
          `SELECT count(*)::int AS n FROM "mail_ingest"."inbound_mail"
           WHERE "user_id" = $1 AND "status" = 'processed'`,
          owner.id,
        ),
      (processed) => processed === MAILS,
      { what: 'every mail is processed' },
    );
    const { samples } = await scrapeMetrics('mail-ingest');
    expect(metricValue(samples, 'snaptrack_bus_dead_lettered_total')).toBe(0);
  });
});
