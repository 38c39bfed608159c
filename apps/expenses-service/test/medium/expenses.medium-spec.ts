import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from '@jest/globals';
import {
  OcrPatterns,
  REVIEW_CONFIDENCE_THRESHOLD,
  type FieldEvidenceMap,
  type ProcessReceiptJob,
} from '@snaptrack/contracts';
import { BusError } from '@snaptrack/nest-rmq';
import { ExpensesRepository } from '../../src/expenses/expenses.repository.js';
import type { NewExpense } from '../../src/expenses/expenses.service.js';
import { mediumServices, messageContext, newAccount, outboxEvents } from './expenses-services.js';

// ExpensesService on a real Postgres: the list's pages and filters, inline edits and their
// rules, and the review queue. Validation of the request bodies and the HTTP answers are the
// gateway's (gateway/test/expenses.int-spec.ts).

const medium = mediumServices();

/** Expenses as the pipeline or the seed makes them: through the one create. */
async function addExpenses(userId: string, rows: Partial<NewExpense>[]): Promise<string[]> {
  const ids: string[] = [];
  for (const row of rows) {
    const expense = await medium.services.expenses.createExpense(userId, {
      extractionMethod: 'image',
      ocrConfidence: 0.9,
      ...row,
    });
    ids.push(expense.id);
  }
  return ids;
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(BusError);
  return error as BusError;
}

function shift(date: string, days: number): string {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

describe('pages', () => {
  it('are each the exact slice of the newest-first order, also after changes', async () => {
    const userId = await newAccount(medium.db.dataSource);
    const today = new Date().toISOString().slice(0, 10);
    const offsets = [0, 0, 0, -1, -3, -7, -7, -8, -20, -30, -31, -45, -60, -100, -364, -400, 3];
    // Some days twice, created at different times: the order goes down to the second.
    await addExpenses(
      userId,
      [...offsets, ...offsets.slice(0, 6)].map((offset, index) => ({
        vendor: `Shop ${index}`,
        amount: index + 1,
        expenseDate: shift(today, offset),
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)),
      })),
    );
    const order = async (start?: string, end?: string) => {
      const all = await medium.services.expenses.list(userId, { limit: 100 });
      return (
        all.expenses
          // A range leaves undated expenses out (none here: every row is dated).
          .filter((e) => {
            const date = e.expense_date;
            if (date === null) return !start && !end;
            return (!start || date >= start) && (!end || date <= end);
          })
          .map((e) => e.id)
      );
    };
    const checkPages = async (start?: string, end?: string) => {
      const expected = await order(start, end);
      for (const limit of [3, 10]) {
        const pages = Math.ceil(expected.length / limit) + 1;
        for (let page = 1; page <= pages; page += 1) {
          const got = await medium.services.expenses.list(userId, {
            page,
            limit,
            start_date: start,
            end_date: end,
          });
          expect(got.pagination.total_count).toBe(expected.length);
          expect(got.expenses.map((e) => e.id)).toEqual(
            expected.slice((page - 1) * limit, page * limit),
          );
        }
      }
      return expected;
    };
    const ids = await checkPages();
    const dates = (await medium.services.expenses.list(userId, { limit: 100 })).expenses.map(
      (e) => `${e.expense_date} ${e.created_at} ${e.id}`,
    );
    expect([...dates].sort().reverse()).toEqual(dates);
    await checkPages(shift(today, -60), shift(today, -1));
    await medium.services.expenses.update(userId, ids[7], { expense_date: shift(today, -500) });
    await ExpensesRepository.remove(medium.db.dataSource, userId, ids[4]);
    await checkPages();
    await checkPages(undefined, shift(today, -7));
  });

  it("hold only the account's own expenses", async () => {
    const userId = await newAccount(medium.db.dataSource);
    const other = await newAccount(medium.db.dataSource);
    const [mine] = await addExpenses(userId, [{ vendor: 'Mine' }]);
    await addExpenses(other, [{ vendor: 'Theirs' }]);
    const list = await medium.services.expenses.list(userId, {});
    expect(list.expenses.map((e) => e.id)).toEqual([mine]);
    expect((await refusal(medium.services.expenses.get(other, mine))).code).toBe('NOT_FOUND');
  });
});

describe('an edit', () => {
  let userId: string;

  beforeAll(async () => {
    userId = await newAccount(medium.db.dataSource);
    await medium.services.entities.create(userId, 'Studio North');
    await addExpenses(userId, [{ vendor: 'Tagged', tags: ['alpha'] }]);
  });

  it('sets every field, files new tags in the catalogue in its spelling', async () => {
    const [id] = await addExpenses(userId, [{ vendor: 'Before', amount: 1 }]);
    const edited = await medium.services.expenses.update(userId, id, {
      vendor: 'Corner Cafe',
      amount: 12.5,
      expense_date: '2026-01-15',
      notes: 'Team breakfast',
      entity: 'studio north',
      tags: ['Coffee', 'ALPHA', 'Client'],
    });
    expect(edited).toMatchObject({
      id,
      vendor: 'Corner Cafe',
      amount: 12.5,
      expense_date: '2026-01-15',
      notes: 'Team breakfast',
      entity: 'Studio North',
      // 'alpha' is in the catalogue already: its spelling wins.
      tags: ['Coffee', 'alpha', 'Client'],
      edited_fields: expect.arrayContaining(['vendor', 'amount', 'expense_date']),
    });
    const again = await medium.services.expenses.update(userId, id, {
      tags: ['client', 'coffee'],
      entity: null,
      notes: '',
    });
    expect(again).toMatchObject({
      tags: ['Client', 'Coffee'],
      entity: null,
      notes: null,
      vendor: 'Corner Cafe',
    });
    expect(Date.parse(again.updated_at)).toBeGreaterThanOrEqual(Date.parse(edited.updated_at));
    const listed = await medium.services.expenses.list(userId, { vendor: 'corner' });
    expect(listed.expenses.map((e) => [e.id, e.tags])).toEqual([[id, ['Client', 'Coffee']]]);
  });

  it('keeps the calendar date of a datetime, and takes an amount of 0', async () => {
    const [id] = await addExpenses(userId, [{ vendor: 'Zero', amount: 3 }]);
    expect(
      await medium.services.expenses.update(userId, id, {
        expense_date: '2026-02-03T00:00:00.000Z',
        amount: 0,
      }),
    ).toMatchObject({ expense_date: '2026-02-03', amount: 0 });
  });

  it('makes a failed expense ready once the user fills it in', async () => {
    const [id] = await addExpenses(userId, [
      { status: 'failed', processingError: 'No total found.' },
    ]);
    // Nothing to change: it stays failed.
    expect((await medium.services.expenses.update(userId, id, {})).status).toBe('failed');
    expect(
      await medium.services.expenses.update(userId, id, { vendor: 'Birch', amount: 5 }),
    ).toMatchObject({ status: 'ready', processing_error: null, amount: 5 });
  });

  it("refuses an unknown entity and another account's expense, changing nothing", async () => {
    const [id] = await addExpenses(userId, [{ vendor: 'Untouched' }]);
    const before = await medium.services.expenses.get(userId, id);
    const unknown = await refusal(
      medium.services.expenses.update(userId, id, { vendor: 'Changed', entity: 'Nowhere Inc' }),
    );
    expect([unknown.code, unknown.message]).toEqual([
      'VALIDATION_FAILED',
      "There is no entity named 'Nowhere Inc'. Add it in Settings first.",
    ]);
    const stranger = await newAccount(medium.db.dataSource);
    const theirs = await refusal(
      medium.services.expenses.update(stranger, id, { vendor: 'Hijacked' }),
    );
    expect([theirs.code, theirs.message]).toEqual(['NOT_FOUND', 'Expense not found.']);
    // Another account's entity is not one of this account's.
    await medium.services.entities.create(stranger, 'Their Studio');
    expect(
      (await refusal(medium.services.expenses.update(userId, id, { entity: 'Their Studio' }))).code,
    ).toBe('VALIDATION_FAILED');
    expect(await medium.services.expenses.get(userId, id)).toEqual(before);
  });
});

describe('the Settings lists', () => {
  it('replace the tag catalogue; a removed tag stays on its expenses and in the counts', async () => {
    const userId = await newAccount(medium.db.dataSource);
    const [id] = await addExpenses(userId, [{ vendor: 'Tagged', tags: ['Travel', 'Client'] }]);
    const saved = await medium.services.settings.update(userId, {
      entities: ['Personal', 'Studio'],
      tags: ['client', ' New ', 'new'],
    });
    expect(saved.tags).toEqual(['Client', 'New']);
    expect(saved.entities).toEqual(['Personal', 'Studio']);
    expect((await medium.services.expenses.get(userId, id)).tags).toEqual(['Travel', 'Client']);
    expect(await medium.services.tags.onExpenses(userId)).toEqual([
      { name: 'Client', expenseCount: 1 },
      { name: 'Travel', expenseCount: 1 },
    ]);
  });
});

/** Per-field evidence as ocr-service writes it. */
function evidence(vendor: number, amount: number, date: number, currency = 0.9): FieldEvidenceMap {
  const box = { x: 10, y: 10, width: 100, height: 20 };
  return {
    vendor: { confidence: vendor, box },
    amount: { confidence: amount, box },
    expense_date: { confidence: date, box: null },
    currency: { confidence: currency, box },
  };
}

describe('the review queue', () => {
  const low = REVIEW_CONFIDENCE_THRESHOLD - 0.2;
  let userId: string;
  let ids: Record<string, string>;
  let readCount = 0;

  /** A receipt read with this evidence (null: still being read), with its content hash. */
  async function read(evidenceRead: FieldEvidenceMap | null, sha: string = randomUUID()) {
    const { expense } = await medium.services.receipts.create(
      userId,
      {
        entity: 'Personal',
        storage_key: `receipts/${userId}/${randomUUID()}.jpg`,
        content_type: 'image/jpeg',
        content_sha256: sha,
      },
      messageContext(),
    );
    if (!evidenceRead) return expense.id;
    const jobs = (await outboxEvents(medium.db.dataSource, OcrPatterns.process)) as {
      data: ProcessReceiptJob;
    }[];
    const job = jobs.find((event) => event.data.expense_id === expense.id)!.data;
    await medium.services.receipts.applyResult(
      {
        job_id: job.job_id,
        expense_id: expense.id,
        user_id: userId,
        status: 'ready',
        fields: {
          vendor: 'Read',
          // Each its own amount: the same vendor, amount and date would be a duplicate.
          amount: 10 + (readCount += 1),
          currency: 'USD',
          expense_date: '2026-03-01',
          confidence: 0.9,
          evidence: evidenceRead,
        },
        raw_text: 'READ',
        error: null,
        method: 'tesseract',
      },
      undefined,
    );
    return expense.id;
  }

  const queue = async (account = userId) => {
    const list = await medium.services.expenses.list(account, { review: 'needed', limit: 100 });
    return { ids: list.expenses.map((e) => e.id).sort(), count: list.pagination.total_count };
  };

  beforeAll(async () => {
    userId = await newAccount(medium.db.dataSource);
    // A currency inferred, not printed, is unsure: it alone never puts a receipt in the queue.
    const sure = await read(evidence(0.95, 0.9, 0.9, low), 'same-image');
    const unsureAmount = await read(evidence(0.95, low, 0.9));
    const processing = await read(null);
    const duplicate = await read(evidence(1, 1, 1), 'same-image');
    const editedAmount = await read(evidence(0.95, low, 0.9));
    // Editing the unsure field by hand counts as checking it.
    await medium.services.expenses.update(userId, editedAmount, { amount: 15.5 });
    const [failed, legacyLow, manual] = await addExpenses(userId, [
      { vendor: 'Failed', status: 'failed' },
      // Read before per-field evidence existed: its overall confidence counts.
      { vendor: 'Old Low', ocrConfidence: low },
      { vendor: 'Typed In', ocrConfidence: null, extractionMethod: 'manual' },
    ]);
    ids = { sure, unsureAmount, failed, processing, duplicate, legacyLow, manual, editedAmount };
  });

  it('holds failed, processing, duplicate and unsure expenses, with their count', async () => {
    const expected = [ids.unsureAmount, ids.failed, ids.processing, ids.duplicate, ids.legacyLow];
    expect(await queue()).toEqual({ ids: expected.sort(), count: 5 });
    const unsure = await medium.services.expenses.get(userId, ids.unsureAmount);
    expect(unsure.field_evidence?.amount).toEqual({
      confidence: low,
      box: { x: 10, y: 10, width: 100, height: 20 },
    });
    expect(unsure.field_evidence?.currency).toEqual({
      confidence: 0.9,
      box: { x: 10, y: 10, width: 100, height: 20 },
    });
    expect(unsure.reviewed_at).toBeNull();
  });

  it('empties as each expense is confirmed, once; never for another account', async () => {
    const stranger = await newAccount(medium.db.dataSource);
    const theirs = await refusal(medium.services.expenses.review(stranger, ids.failed));
    expect(theirs.code).toBe('NOT_FOUND');
    expect((await queue(stranger)).count).toBe(0);
    for (const id of [ids.unsureAmount, ids.failed, ids.processing, ids.duplicate, ids.legacyLow]) {
      const before = (await queue()).count;
      const confirmed = await medium.services.expenses.review(userId, id);
      expect(Date.parse(confirmed.reviewed_at!)).not.toBeNaN();
      expect((await queue()).count).toBe(before - 1);
      // Confirming twice keeps the first time.
      expect((await medium.services.expenses.review(userId, id)).reviewed_at).toBe(
        confirmed.reviewed_at,
      );
    }
    expect(await queue()).toEqual({ ids: [], count: 0 });
  });

  it('asks about a date not read and an assumed currency until each is set by hand', async () => {
    const account = await newAccount(medium.db.dataSource);
    const saved = userId;
    userId = account;
    try {
      const unread = {
        ...evidence(0.95, 0.95, 0),
        expense_date: { confidence: 0, box: null, flag: 'not_read' as const },
        currency: { confidence: 0, box: null, flag: 'assumed' as const },
      };
      const id = await read(unread);
      expect((await queue()).ids).toEqual([id]);
      await medium.services.expenses.update(account, id, { expense_date: '2026-03-14' });
      expect((await queue()).ids).toEqual([id]);
      await medium.services.expenses.update(account, id, { currency: 'USD' });
      expect(await queue()).toEqual({ ids: [], count: 0 });
    } finally {
      userId = saved;
    }
  });
});
