import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import type { Expense, StatisticsPeriod, SummaryPeriod } from '@snaptrack/contracts';
import { ExpensesRepository } from '../../src/expenses/expenses.repository.js';
import { mediumServices, messageContext, newAccount } from './expenses-services.js';
import {
  expectedStatistics,
  expectedSummary,
  shiftDate,
  spreadAround,
  statisticsRange,
  summaryRange,
  todayIn,
  type FixtureExpense,
  type Row,
} from './statistics-oracle.js';

// Split receipts (docs/api.md, Splits): the rules of a split (rounding, minor units, what is
// refused), and the summary, statistics, entity filter and exports counting each part under
// its entity, against the brute-force oracle over the parts, through every kind of change
// (the running totals are kept by triggers, migration ExpenseParts).

const medium = mediumServices();

async function addExpense(
  userId: string,
  row: Partial<FixtureExpense> & { amount?: string },
): Promise<Expense> {
  return medium.services.expenses.createExpense(userId, {
    vendor: row.vendor ?? 'Costco',
    amount: row.amount ?? ((row.cents ?? 10_000) / 100).toFixed(2),
    currency: row.currency ?? 'USD',
    expenseDate: row.date ?? todayIn('UTC'),
    entity: row.entity ?? null,
    tags: row.tags ?? [],
    status: row.status ?? 'ready',
    extractionMethod: 'manual',
  });
}

/** An error's message, or fails the test when the call succeeds. */
async function refusal(call: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await call;
  } catch (error) {
    const { code, message } = error as { code: string; message: string };
    return { code, message };
  }
  throw new Error('expected a refusal');
}

/** The oracle's rows: one per part of a split expense, the expense itself otherwise. */
function linesOf(expense: Expense): Row[] {
  const base = { vendor: expense.vendor, date: expense.expense_date, status: expense.status };
  if (!expense.split) {
    return [
      {
        ...base,
        cents: Math.round(expense.amount * 100),
        taxCents: expense.tax_amount === null ? null : Math.round(expense.tax_amount * 100),
        entity: expense.entity,
        tags: expense.tags,
      },
    ];
  }
  return expense.split.parts.map((part) => ({
    ...base,
    cents: Math.round(part.amount * 100),
    // A part's share of the tax, as the SQL rounds it.
    taxCents:
      expense.tax_amount === null
        ? null
        : Math.round((expense.tax_amount * part.amount * 100) / expense.amount),
    entity: part.entity,
    tags: part.tags,
  }));
}

async function allExpenses(userId: string): Promise<Expense[]> {
  const expenses: Expense[] = [];
  for (let page = 1; ; page += 1) {
    const list = await medium.services.expenses.list(userId, { page, limit: 100 });
    expenses.push(...list.expenses);
    if (!list.pagination.has_next_page) return expenses;
  }
}

describe('a split', () => {
  it('by percentage gives each part its share in cents, the last part the rounding', async () => {
    const user = await newAccount(medium.db.dataSource);
    await medium.services.entities.create(user, 'Harbor');
    const expense = await addExpense(user, { amount: '10.01' });
    const split = await medium.services.splits.split(user, expense.id, {
      mode: 'percent',
      parts: [
        { percent: 33.33, entity: 'Harbor', tags: ['Office'], description: 'Paper' },
        { percent: 33.33, entity: 'Personal' },
        { percent: 33.34, entity: null, tags: ['Meals'] },
      ],
    });
    expect(split.split).toEqual({
      mode: 'percent',
      parts: [
        {
          position: 0,
          amount: 3.34,
          percent: 33.33,
          entity: 'Harbor',
          tags: ['Office'],
          description: 'Paper',
        },
        {
          position: 1,
          amount: 3.34,
          percent: 33.33,
          entity: 'Personal',
          tags: [],
          description: null,
        },
        {
          position: 2,
          amount: 3.33,
          percent: 33.34,
          entity: null,
          tags: ['Meals'],
          description: null,
        },
      ],
    });
    // The expense itself is unchanged: one receipt, one total.
    expect(split.amount).toBe(10.01);
    expect(split.entity).toBeNull();
  });

  it('in a currency without minor units gives whole amounts, and refuses decimals', async () => {
    const user = await newAccount(medium.db.dataSource);
    const yen = await addExpense(user, { amount: '1001', currency: 'JPY' });
    const split = await medium.services.splits.split(user, yen.id, {
      mode: 'percent',
      parts: [{ percent: 50 }, { percent: 50 }],
    });
    expect(split.split?.parts.map((part) => part.amount)).toEqual([501, 500]);
    expect(
      await refusal(
        medium.services.splits.split(user, yen.id, {
          mode: 'amount',
          parts: [{ amount: 500.5 }, { amount: 500.5 }],
        }),
      ),
    ).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'JPY has no minor unit: each part must be a whole amount.',
    });
  });

  it('is refused with the reason when the parts do not add up, or for another user', async () => {
    const user = await newAccount(medium.db.dataSource);
    const attacker = await newAccount(medium.db.dataSource);
    await medium.services.entities.create(attacker, 'Shell Co');
    const expense = await addExpense(user, { amount: '100.00' });
    const cases: [Parameters<typeof medium.services.splits.split>[2], string][] = [
      [
        { mode: 'amount', parts: [{ amount: 60 }, { amount: 39.99 }] },
        "The parts add up to 99.99 USD, but the receipt's total is 100.00 USD. They must match to the cent.",
      ],
      [
        { mode: 'amount', parts: [{ amount: 100 }, { amount: 0 }] },
        'Each part needs an amount above 0.',
      ],
      [
        { mode: 'percent', parts: [{ percent: 60 }, { percent: 30 }] },
        'The percentages must add up to 100%.',
      ],
      [{ mode: 'percent', parts: [{ percent: 100 }] }, 'A split needs at least 2 parts.'],
      [
        { mode: 'percent', parts: Array.from({ length: 11 }, () => ({ percent: 1 })) },
        'A receipt can be split into at most 10 parts.',
      ],
      [
        { mode: 'percent', parts: [{ percent: 50.005 }, { percent: 49.995 }] },
        'A percentage can have at most 2 decimal places.',
      ],
      [
        { mode: 'percent', parts: [{ percent: 50, entity: 'Shell Co' }, { percent: 50 }] },
        "There is no entity named 'Shell Co'. Add it in Settings first.",
      ],
    ];
    for (const [body, message] of cases) {
      expect(await refusal(medium.services.splits.split(user, expense.id, body))).toEqual({
        code: 'VALIDATION_FAILED',
        message,
      });
    }
    // Another user's expense is not found, for a split and for removing one.
    const body = { mode: 'percent' as const, parts: [{ percent: 50 }, { percent: 50 }] };
    expect((await refusal(medium.services.splits.split(attacker, expense.id, body))).code).toBe(
      'NOT_FOUND',
    );
    expect((await refusal(medium.services.splits.unsplit(attacker, expense.id))).code).toBe(
      'NOT_FOUND',
    );
    expect((await medium.services.expenses.get(user, expense.id)).split).toBeNull();
    // A receipt still being read has no total to split.
    const reading = await addExpense(user, { amount: '0', status: 'processing' });
    expect(await refusal(medium.services.splits.split(user, reading.id, body))).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Only a finished expense with an amount above 0 can be split.',
    });
  });

  it('follows a new total by percentage, and refuses one by amount', async () => {
    const user = await newAccount(medium.db.dataSource);
    const byPercent = await addExpense(user, { amount: '100.00' });
    await medium.services.splits.split(user, byPercent.id, {
      mode: 'percent',
      parts: [{ percent: 60 }, { percent: 40 }],
    });
    const edited = await medium.services.expenses.update(user, byPercent.id, { amount: 50.01 });
    expect(edited.split?.parts.map((part) => part.amount)).toEqual([30.01, 20]);
    const byAmount = await addExpense(user, { amount: '100.00' });
    await medium.services.splits.split(user, byAmount.id, {
      mode: 'amount',
      parts: [{ amount: 70 }, { amount: 30 }],
    });
    expect(
      await refusal(medium.services.expenses.update(user, byAmount.id, { amount: 90 })),
    ).toEqual({
      code: 'VALIDATION_FAILED',
      message:
        'This receipt is split by amount. Change its parts, or remove the split, before changing its total or currency.',
    });
    expect((await medium.services.expenses.get(user, byAmount.id)).amount).toBe(100);
    // Other edits leave the parts alone.
    const renamed = await medium.services.expenses.update(user, byAmount.id, { vendor: 'Staples' });
    expect(renamed.split?.parts.map((part) => part.amount)).toEqual([70, 30]);
  });

  it('is taken off before a new reading of the receipt', async () => {
    const user = await newAccount(medium.db.dataSource);
    const receipt = await medium.services.expenses.createExpense(user, {
      vendor: 'Costco',
      amount: '20.00',
      imageKey: `receipts/${user}/${randomUUID()}.png`,
      extractionMethod: 'image',
    });
    await medium.services.splits.split(user, receipt.id, {
      mode: 'percent',
      parts: [{ percent: 50 }, { percent: 50 }],
    });
    expect(
      await refusal(medium.services.receipts.reprocess(user, receipt.id, messageContext())),
    ).toEqual({
      code: 'CONFLICT',
      message: 'Remove the split before reading this receipt again.',
    });
    expect((await medium.services.expenses.get(user, receipt.id)).status).toBe('ready');
  });

  it('goes with its expense, and unsplitting leaves the expense whole', async () => {
    const user = await newAccount(medium.db.dataSource);
    const expense = await addExpense(user, { amount: '20.00' });
    const body = { mode: 'amount' as const, parts: [{ amount: 5 }, { amount: 15 }] };
    await medium.services.splits.split(user, expense.id, body);
    const whole = await medium.services.splits.unsplit(user, expense.id);
    expect(whole.split).toBeNull();
    await medium.services.splits.split(user, expense.id, body);
    await ExpensesRepository.remove(medium.db.dataSource, user, expense.id);
    const parts: { count: number }[] = await medium.db.dataSource.query(
      `SELECT count(*)::int AS "count" FROM "expenses"."expense_parts" WHERE "user_id" = $1`,
      [user],
    );
    expect(parts[0].count).toBe(0);
  });
});

describe("a split receipt's tax", () => {
  it('counts under each entity as its share of the total, the shares adding up to the tax', async () => {
    const user = await newAccount(medium.db.dataSource);
    await medium.services.entities.create(user, 'Harbor');
    const expense = await addExpense(user, { amount: '100.00' });
    await medium.services.expenses.update(user, expense.id, { tax_amount: 19 });
    await medium.services.splits.split(user, expense.id, {
      mode: 'percent',
      parts: [
        { percent: 60, entity: 'Harbor' },
        { percent: 40, entity: 'Personal' },
      ],
    });
    const statistics = await medium.services.statistics.statistics(user, 'all', 'UTC');
    expect(statistics.tax_paid).toEqual([
      { entity: 'Harbor', currency: 'USD', tax: 11.4, count: 1 },
      { entity: 'Personal', currency: 'USD', tax: 7.6, count: 1 },
    ]);
  });
});

describe('a split receipt in the totals', () => {
  const statisticsPeriods: StatisticsPeriod[] = ['today', 'week', 'month', 'year', 'all'];
  const summaryPeriods: SummaryPeriod[] = ['today', 'week', 'month', 'all'];

  it('counts each part under its entity, through edits, entity removal, unsplit and deletion', async () => {
    const user = await newAccount(medium.db.dataSource);
    const harbor = await medium.services.entities.create(user, 'Harbor');
    const quay = await medium.services.entities.create(user, 'Quay');
    const today = todayIn('UTC');
    for (const row of spreadAround(today, ['Harbor', 'Personal', null, 'Quay'])) {
      await addExpense(user, row);
    }
    const checkAll = async () => {
      const expenses = await allExpenses(user);
      const rows = expenses.flatMap(linesOf);
      for (const period of statisticsPeriods) {
        expect(await medium.services.statistics.statistics(user, period, 'UTC')).toMatchObject(
          expectedStatistics(rows, statisticsRange(period, today), today),
        );
      }
      for (const period of summaryPeriods) {
        expect(await medium.services.statistics.summary(user, period, 'UTC')).toMatchObject(
          expectedSummary(rows, summaryRange(period, today)),
        );
      }
      return expenses;
    };
    const ready = (await checkAll()).filter((expense) => expense.status === 'ready');
    // Splits on days inside and at the edges of the periods, by both modes.
    for (const [index, expense] of ready.slice(0, 12).entries()) {
      const body =
        index % 2 === 0
          ? {
              mode: 'percent' as const,
              parts: [
                { percent: 60, entity: 'Harbor', tags: ['zulu'] },
                { percent: 40, entity: index % 4 === 0 ? 'Quay' : null, tags: ['alpha', 'yankee'] },
              ],
            }
          : {
              mode: 'amount' as const,
              parts: [
                { amount: 0.01, entity: 'Quay', tags: ['bravo'] },
                { amount: Number((expense.amount - 0.01).toFixed(2)), entity: 'Personal' },
              ],
            };
      if (expense.amount <= 0.01 && body.mode === 'amount') continue;
      await medium.services.splits.split(user, expense.id, body);
    }
    await checkAll();
    const edits = [
      { amount: 333.33 },
      { expense_date: shiftDate(today, -400), vendor: 'Acorn' },
      { expense_date: today, tags: ['Bravo'] },
      { entity: 'Quay' },
    ];
    for (const [index, changes] of edits.entries()) {
      await medium.services.expenses.update(user, ready[index * 2].id, changes);
      await checkAll();
    }
    // Splitting again replaces the parts.
    await medium.services.splits.split(user, ready[2].id, {
      mode: 'percent',
      parts: [{ percent: 25, entity: 'Quay' }, { percent: 25 }, { percent: 50, entity: 'Harbor' }],
    });
    await checkAll();
    // Removing an entity moves its parts with its expenses, or leaves them Unassigned.
    await medium.services.entities.remove(user, harbor.id, quay.id);
    let expenses = await checkAll();
    expect(expenses.flatMap(linesOf).some((row) => row.entity === 'Harbor')).toBe(false);
    await medium.services.entities.remove(user, quay.id);
    expenses = await checkAll();
    expect(expenses.flatMap(linesOf).some((row) => row.entity === 'Quay')).toBe(false);
    await medium.services.splits.unsplit(user, ready[0].id);
    await checkAll();
    await ExpensesRepository.remove(medium.db.dataSource, user, ready[1].id);
    await checkAll();
  });

  it('is found by the entity of any part, and exported a row per part under its entity', async () => {
    const user = await newAccount(medium.db.dataSource);
    await medium.services.entities.create(user, 'Harbor');
    await medium.services.entities.create(user, 'Quay');
    const date = '2026-03-14';
    const expense = await addExpense(user, { amount: '100.00', entity: 'Personal', date });
    await addExpense(user, { amount: '7.00', entity: 'Harbor', date, vendor: 'Tea' });
    await medium.services.splits.split(user, expense.id, {
      mode: 'percent',
      parts: [
        { percent: 60, entity: 'Harbor', tags: ['Office'], description: 'Printer' },
        { percent: 40, entity: 'Quay', tags: ['Meals'] },
      ],
    });
    const inEntity = async (name: string) =>
      (await medium.services.expenses.list(user, { entities: [name] })).expenses.map(
        (e) => e.vendor,
      );
    expect((await inEntity('Harbor')).sort()).toEqual(['Costco', 'Tea']);
    expect(await inEntity('Quay')).toEqual(['Costco']);
    // Its own entity no longer counts: the parts do.
    expect(await inEntity('Personal')).toEqual([]);
    expect(
      (await medium.services.expenses.list(user, { tags: ['Meals'] })).expenses.map(
        (e) => e.vendor,
      ),
    ).toEqual(['Costco']);

    const rows = await medium.services.exports.rows(user, { filters: {}, limit: 2 });
    expect(rows.rows.map((row) => row.slice(0, 7))).toEqual([
      [date, 'Costco', '60.00', 'USD', 'Harbor', ['Office'], 'Printer'],
      [date, 'Costco', '40.00', 'USD', 'Quay', ['Meals'], null],
    ]);
    // The next page starts after the last part handed out.
    const next = await medium.services.exports.rows(user, {
      filters: {},
      limit: 2,
      after: rows.next ?? undefined,
    });
    expect(next.rows.map((row) => row.slice(1, 5))).toEqual([['Tea', '7.00', 'USD', 'Harbor']]);
    const harborOnly = await medium.services.exports.rows(user, {
      filters: { entities: ['Harbor'] },
      limit: 10,
    });
    expect(harborOnly.rows.map((row) => [row[1], row[2]])).toEqual([
      ['Costco', '60.00'],
      ['Tea', '7.00'],
    ]);
    // Settings' counts (what removing an entity affects): an expense once, by itself or a part.
    const counts = Object.fromEntries(
      (await medium.services.entities.listWithCounts(user)).map((entity) => [
        entity.name,
        entity.expenseCount,
      ]),
    );
    expect(counts).toEqual({ Personal: 1, Harbor: 2, Quay: 1 });
    // The pages of lines (the pack's Xero bills): a part an item, the expense's id on each.
    const lines = await medium.services.exports.page(user, { filters: {}, limit: 1, lines: true });
    expect(lines.expenses.map((line) => [line.id, line.amount, line.entity])).toEqual([
      [expense.id, '60.00', 'Harbor'],
    ]);
    const secondLine = await medium.services.exports.page(user, {
      filters: { entities: ['Quay'] },
      limit: 5,
      lines: true,
    });
    expect(secondLine.expenses.map((line) => [line.amount, line.tags, line.notes])).toEqual([
      ['40.00', ['Meals'], null],
    ]);
    const afterFirst = await medium.services.exports.page(user, {
      filters: {},
      limit: 5,
      lines: true,
      after: lines.next ?? undefined,
    });
    expect(afterFirst.expenses.map((line) => [line.vendor, line.amount])).toEqual([
      ['Costco', '40.00'],
      ['Tea', '7.00'],
    ]);
    // The receipt PDF's pages stay one a receipt.
    const receipts = await medium.services.exports.page(user, { filters: {}, limit: 5 });
    expect(receipts.expenses.map((e) => [e.vendor, e.amount])).toEqual([
      ['Costco', '100.00'],
      ['Tea', '7.00'],
    ]);
    const preview = await medium.services.exports.preview(user, {});
    expect(preview.by_entity).toEqual([
      { entity: 'Harbor', currency: 'USD', count: 2, total: 67 },
      { entity: 'Quay', currency: 'USD', count: 1, total: 40 },
    ]);
    expect(preview.totals).toEqual([{ currency: 'USD', total: 107, count: 3, average: 35.67 }]);
  });
});
