import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  OcrPatterns,
  type CreateReceiptExpenseRequest,
  type ExportCursor,
  type ProcessReceiptJob,
  type ReceiptProcessedEvent,
} from '@snaptrack/contracts';
import { migrateSchema, revertMigrations } from '@snaptrack/nest-database';
import { EXPENSES_SCHEMA } from '../../src/config/env.js';
import { expensesMigrations } from '../../src/database/data-source.js';
import { UndatedExpenses1795797700000 } from '../../src/database/migrations/1795797700000-undated-expenses.js';
import { ExportService } from '../../src/export/export.service.js';
import { insertExpenseRows } from './expense-rows.js';
import { createMediumDatabase, type MediumDatabase } from './medium-database.js';
import { expensesServices, messageContext, newAccount, outboxEvents } from './expenses-services.js';

// Unknown stays unknown, for the date (docs/ocr.md): a reading without a plausible date leaves
// the expense undated (NULL, flagged not_read, in the review queue), and every reader of the
// date copes: the list and its pages, date ranges, summary and statistics, exports.

let db: MediumDatabase;
let services: ReturnType<typeof expensesServices>;
let exports: ExportService;

beforeAll(async () => {
  db = await createMediumDatabase();
  services = expensesServices(db.dataSource);
  exports = new ExportService(db.dataSource);
});

afterAll(async () => {
  await db?.drop();
});

const DAY = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

function upload(userId: string): CreateReceiptExpenseRequest {
  return {
    entity: 'Personal',
    storage_key: `receipts/${userId}/${randomUUID()}.jpg`,
    content_type: 'image/jpeg',
    content_sha256: randomUUID().replace(/-/g, ''),
    size_bytes: 1000,
  };
}

/** A receipt mailed by a shop on `sentAt`: the mail's text itself, or a photo attached. */
function mailed(
  userId: string,
  kind: 'text' | 'photo',
  sentAt: string,
): CreateReceiptExpenseRequest {
  const mailId = randomUUID();
  return {
    ...upload(userId),
    storage_key: `receipts/${userId}/mail-${mailId}-1.${kind === 'text' ? 'txt' : 'jpg'}`,
    content_type: kind === 'text' ? 'text/plain' : 'image/jpeg',
    email: { subject: 'Your receipt', from: 'shop@example.com', sent_at: sentAt, mail_id: mailId },
  };
}

/** Uploads a receipt and answers its reading job with `date` (and a vendor and amount). */
async function readReceipt(
  userId: string,
  date: string | null,
  vendor = 'Corner Shop',
  imageHashes?: string[],
  request: CreateReceiptExpenseRequest = upload(userId),
) {
  const { expense } = await services.receipts.create(userId, request, messageContext());
  const jobs = (await outboxEvents(db.dataSource, OcrPatterns.process)) as {
    data: ProcessReceiptJob;
  }[];
  const job = jobs.map((event) => event.data).find((data) => data.expense_id === expense.id)!;
  const event: ReceiptProcessedEvent = {
    job_id: job.job_id,
    expense_id: expense.id,
    user_id: userId,
    status: 'ready',
    fields: {
      vendor,
      amount: 12.5,
      currency: 'USD',
      expense_date: date,
      confidence: 0.95,
      evidence: {
        vendor: { confidence: 0.95, box: null },
        amount: { confidence: 0.95, box: null },
        ...(date ? { expense_date: { confidence: 0.95, box: null } } : {}),
      },
    },
    raw_text: 'TEXT',
    error: null,
    method: 'tesseract',
    ...(imageHashes ? { fingerprint: { image_hashes: imageHashes } } : {}),
  };
  await services.receipts.applyResult(event, randomUUID());
  return { expense: await services.expenses.get(userId, expense.id), job };
}

describe('a reading without a plausible date', () => {
  it('leaves a receipt being read undated, never dated the upload day', async () => {
    const userId = await newAccount(db.dataSource);
    const { expense } = await services.receipts.create(userId, upload(userId), messageContext());
    expect(expense.expense_date).toBeNull();
  });

  it('stores no date, flags it not read and puts the expense in the review queue', async () => {
    const userId = await newAccount(db.dataSource);
    const { expense } = await readReceipt(userId, null);
    expect(expense).toMatchObject({ status: 'ready', expense_date: null, reviewed_at: null });
    expect(expense.field_evidence?.expense_date).toEqual({
      confidence: 0,
      box: null,
      flag: 'not_read',
    });
    const queue = await services.expenses.list(userId, { review: 'needed' });
    expect(queue.expenses.map((e) => e.id)).toEqual([expense.id]);
  });

  it('treats a date after the upload (beyond a day of time zones) as not read', async () => {
    const userId = await newAccount(db.dataSource);
    const now = Date.now();
    const tomorrow = await readReceipt(userId, isoDay(now + DAY));
    expect(tomorrow.expense.expense_date).toBe(isoDay(now + DAY));
    expect(tomorrow.expense.field_evidence?.expense_date?.flag).toBeUndefined();
    const later = await readReceipt(userId, isoDay(now + 2 * DAY));
    expect(later.expense.expense_date).toBeNull();
    expect(later.expense.field_evidence?.expense_date?.flag).toBe('not_read');
    const queue = await services.expenses.list(userId, { review: 'needed' });
    expect(queue.expenses.map((e) => e.id)).toEqual([later.expense.id]);
  });

  it('treats a date more than 25 years before the upload as not read', async () => {
    const userId = await newAccount(db.dataSource);
    const year = new Date().getUTCFullYear();
    const old = await readReceipt(userId, `${year - 26}-06-15`);
    expect(old.expense.expense_date).toBeNull();
    expect(old.expense.field_evidence?.expense_date?.flag).toBe('not_read');
    const kept = await readReceipt(userId, `${year - 24}-06-15`);
    expect(kept.expense.expense_date).toBe(`${year - 24}-06-15`);
  });

  it('keeps the day a shop mailed its text receipt, as unsure; a mailed photo gets none', async () => {
    const userId = await newAccount(db.dataSource);
    const sentAt = '2026-02-03T10:00:00Z';
    const text = await readReceipt(userId, null, 'Shop', undefined, mailed(userId, 'text', sentAt));
    expect(text.expense.expense_date).toBe('2026-02-03');
    expect(text.expense.field_evidence?.expense_date).toEqual({ confidence: 0.5, box: null });
    const photo = await readReceipt(userId, null, 'Me', undefined, mailed(userId, 'photo', sentAt));
    expect(photo.expense.expense_date).toBeNull();
    expect(photo.expense.field_evidence?.expense_date?.flag).toBe('not_read');
    // Both wait for a human: the mail's date is unsure, the photo's not read.
    const queue = await services.expenses.list(userId, { review: 'needed' });
    expect(queue.expenses.map((e) => e.id).sort()).toEqual(
      [text.expense.id, photo.expense.id].sort(),
    );
  });

  it('is set by hand to a real date, and leaves the queue', async () => {
    const userId = await newAccount(db.dataSource);
    const { expense } = await readReceipt(userId, null);
    const fixed = await services.expenses.update(userId, expense.id, {
      expense_date: '2026-01-15',
    });
    expect(fixed.expense_date).toBe('2026-01-15');
    expect(fixed.edited_fields).toContain('expense_date');
    const queue = await services.expenses.list(userId, { review: 'needed' });
    expect(queue.expenses).toEqual([]);
  });

  it('empties a date read before when a re-read finds none, unless the user set it', async () => {
    const userId = await newAccount(db.dataSource);
    const { expense } = await readReceipt(userId, '2026-01-10');
    await services.receipts.reprocess(userId, expense.id, messageContext());
    const jobs = (await outboxEvents(db.dataSource, OcrPatterns.process)) as {
      data: ProcessReceiptJob;
    }[];
    const second = jobs.map((event) => event.data).filter((j) => j.expense_id === expense.id)[1];
    await services.receipts.applyResult(
      {
        job_id: second.job_id,
        expense_id: expense.id,
        user_id: userId,
        status: 'ready',
        fields: {
          vendor: 'Corner Shop',
          amount: 12.5,
          currency: 'USD',
          expense_date: null,
          confidence: 0.5,
        },
        raw_text: 'TEXT',
        error: null,
        method: 'tesseract',
      },
      randomUUID(),
    );
    const reread = await services.expenses.get(userId, expense.id);
    expect(reread.expense_date).toBeNull();
    expect(reread.field_evidence?.expense_date?.flag).toBe('not_read');
  });
});

describe('an undated expense', () => {
  it('comes first in the list, on every page and from either end, and never in a date range', async () => {
    const userId = await newAccount(db.dataSource);
    const dated = await insertExpenseRows(db.dataSource, userId, [
      { vendor: 'Old', expense_date: '2026-01-02', amount: '1.00' },
      { vendor: 'Older', expense_date: '2026-01-01', amount: '2.00' },
      { vendor: 'Newest', expense_date: '2026-01-05', amount: '3.00' },
    ]);
    const undated = await insertExpenseRows(db.dataSource, userId, [
      { vendor: 'U1', expense_date: null, created_at: new Date(Date.now() - 60_000) },
      { vendor: 'U2', expense_date: null },
    ]);
    const all = await services.expenses.list(userId, { limit: 10 });
    const order = all.expenses.map((e) => e.vendor);
    expect(order).toEqual(['U2', 'U1', 'Newest', 'Old', 'Older']);
    // Page by page, with one and with two a page: the same order, nothing twice or missing;
    // unfiltered (read from the day counts) and filtered (deep pages read from the oldest end).
    for (const [limit, status] of [
      [1, undefined],
      [2, undefined],
      [1, 'ready'],
      [2, 'ready'],
    ] as const) {
      const paged: string[] = [];
      for (let page = 1; paged.length < order.length; page += 1) {
        const result = await services.expenses.list(userId, { page, limit, status });
        expect(result.expenses.length).toBeGreaterThan(0);
        paged.push(...result.expenses.map((e) => e.vendor));
      }
      expect(paged).toEqual(order);
    }
    const ranged = await services.expenses.list(userId, {
      start_date: '2026-01-01',
      end_date: '2026-12-31',
    });
    expect(ranged.expenses.map((e) => e.id).sort()).toEqual([...dated].sort());
    expect(ranged.pagination.total_count).toBe(3);
    expect(undated).toHaveLength(2);
  });

  it('is in no period of the summary or statistics, and is counted apart', async () => {
    const userId = await newAccount(db.dataSource);
    const today = isoDay(Date.now());
    await insertExpenseRows(db.dataSource, userId, [
      { vendor: 'Dated', expense_date: today, amount: '10.00' },
      { vendor: 'Undated', expense_date: null, amount: '99.00', tags: ['Travel'] },
    ]);
    for (const period of ['today', 'month', 'all'] as const) {
      const summary = await services.statistics.summary(userId, period, 'UTC');
      expect(summary).toMatchObject({ count: 1, undated_count: 1 });
      expect(summary.totals).toEqual([
        expect.objectContaining({ currency: 'USD', total: 10, count: 1 }),
      ]);
    }
    const statistics = await services.statistics.statistics(userId, 'all', 'UTC');
    expect(statistics).toMatchObject({ count: 1, undated_count: 1 });
    expect(statistics.top_vendors.map((v) => v.vendor)).toEqual(['Dated']);
    expect(statistics.top_tags).toEqual([]);
    expect(statistics.series.points.every((point) => point.date !== null)).toBe(true);
    // Dated by hand: it joins its period and leaves the "no date" count.
    const [undated] = (await services.expenses.list(userId, { limit: 1 })).expenses;
    await services.expenses.update(userId, undated.id, { expense_date: today });
    const after = await services.statistics.summary(userId, 'today', 'UTC');
    expect(after).toMatchObject({ count: 2, undated_count: 0 });
  });

  it('is exported after the dated ones with no date, page by page', async () => {
    const userId = await newAccount(db.dataSource);
    await insertExpenseRows(db.dataSource, userId, [
      { vendor: 'B', expense_date: '2026-01-02' },
      { vendor: 'U1', expense_date: null, created_at: new Date(Date.now() - 60_000) },
      { vendor: 'A', expense_date: '2026-01-01' },
      { vendor: 'U2', expense_date: null },
    ]);
    for (const limit of [1, 3]) {
      const vendors: string[] = [];
      const dates: (string | null)[] = [];
      let after: ExportCursor | undefined;
      do {
        const page = await exports.page(userId, { limit, with_source: true, after });
        vendors.push(...page.expenses.map((e) => e.vendor));
        dates.push(...page.expenses.map((e) => e.expense_date));
        after = page.next ?? undefined;
      } while (after);
      expect(vendors).toEqual(['A', 'B', 'U1', 'U2']);
      expect(dates).toEqual(['2026-01-01', '2026-01-02', null, null]);
      const rows: string[] = [];
      after = undefined;
      do {
        const page = await exports.rows(userId, { limit, after });
        rows.push(...page.rows.map((row) => `${row[0]}:${row[1]}`));
        after = page.next ?? undefined;
      } while (after);
      expect(rows).toEqual(['2026-01-01:A', '2026-01-02:B', 'null:U1', 'null:U2']);
    }
    const page = await exports.page(userId, { limit: 10, with_source: true });
    expect(page.expenses.map((e) => e.date_not_read)).toEqual([false, false, true, true]);
  });

  it('is a duplicate by its picture, but never by vendor, amount and an unknown date', async () => {
    const userId = await newAccount(db.dataSource);
    const first = await readReceipt(userId, null, 'Bakery Lane');
    const second = await readReceipt(userId, null, 'Bakery Lane');
    expect(second.expense.duplicate_of).toBeNull();
    // The same picture again: its unknown date says nothing against the match.
    const hashes = ['0f0f0f0f0f0f0f0f', 'f0f0f0f0f0f0f0f0', '00ff00ff00ff00ff', 'ff00ff00ff00ff00'];
    const pictured = await readReceipt(userId, null, 'Bakery Lane', hashes);
    const again = await readReceipt(userId, null, 'Bakery Lane', hashes);
    expect(pictured.expense.duplicate_of).toBeNull();
    expect(again.expense.duplicate_of).toBe(pictured.expense.id);
    expect(first.expense.id).not.toBe(pictured.expense.id);
  });
});

describe('the migration UndatedExpenses', () => {
  it('empties only the dates a stored reading says were not read', async () => {
    // Back to just before UndatedExpenses, however many migrations came after it.
    const sinceUndated =
      expensesMigrations.length - expensesMigrations.indexOf(UndatedExpenses1795797700000);
    await revertMigrations(db.dataSource, sinceUndated);
    try {
      const userId = randomUUID();
      const notRead = JSON.stringify({
        expense_date: { confidence: 0, box: null, flag: 'not_read' },
      });
      const read = JSON.stringify({ expense_date: { confidence: 0.9, box: null } });
      await db.dataSource.query(
        `INSERT INTO "expenses"."expenses" ("id", "user_id", "vendor", "amount", "currency",
           "expense_date", "extraction_method", "field_evidence", "edited_fields")
         VALUES (gen_random_uuid(), $1, 'placeholder', 1, 'USD', '2026-02-01', 'image', $2, '{}'),
                (gen_random_uuid(), $1, 'read', 1, 'USD', '2026-02-01', 'image', $3, '{}'),
                (gen_random_uuid(), $1, 'set by hand', 1, 'USD', '2026-02-01', 'image', $2,
                 '{expense_date}'),
                (gen_random_uuid(), $1, 'typed', 1, 'USD', '2026-02-01', 'manual', NULL, '{}')`,
        [userId, notRead, read],
      );
      await migrateSchema(db.dataSource, EXPENSES_SCHEMA);
      const rows: { vendor: string; expense_date: string | null }[] = await db.dataSource.query(
        `SELECT "vendor", "expense_date"::text FROM "expenses"."expenses" WHERE "user_id" = $1
         ORDER BY "vendor"`,
        [userId],
      );
      expect(rows).toEqual([
        { vendor: 'placeholder', expense_date: null },
        { vendor: 'read', expense_date: '2026-02-01' },
        { vendor: 'set by hand', expense_date: '2026-02-01' },
        { vendor: 'typed', expense_date: '2026-02-01' },
      ]);
      const [counts] = await db.dataSource.query(
        `SELECT "count" FROM "expenses"."daily_counts"
         WHERE "user_id" = $1 AND "expense_date" IS NULL`,
        [userId],
      );
      expect(counts).toEqual({ count: 1 });
    } finally {
      await migrateSchema(db.dataSource, EXPENSES_SCHEMA);
    }
  });
});
