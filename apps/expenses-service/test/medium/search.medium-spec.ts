import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { expenseCountSql } from '../../src/expenses/expense-list.sql.js';
import { searchEntities } from '../../src/expenses/expense-search.sql.js';
import { insertExpenseRows } from './expense-rows.js';
import { createMediumDatabase, type MediumDatabase } from './medium-database.js';
import { expensesServices, newAccount } from './expenses-services.js';

// The list's search on a real Postgres (docs/api.md, Search; migration SearchPlans): what a word
// finds, and that the planner is told what it is counting (a wrong guess made a rare word walk
// every row and a common one scan the table: docs/benchmarks.md, Search).

let db: MediumDatabase;
let services: ReturnType<typeof expensesServices>;
let userId: string;

const ROWS = 400;
/**
 * One row in ten holds "croissant"; two hold "pistachio"; the German ones "Einkauf"; and words
 * enough for Postgres to keep statistics per word (below 100 it guesses any prefix the same).
 */
function receiptText(index: number): string {
  const words = `word${index % 150} word${(index * 7) % 151}`;
  const item = index % 10 === 0 ? 'croissant' : `item${index % 7}`;
  const rare = index === 17 || index === 233 ? ' pistachio gelato' : '';
  const thanks =
    index % 4 === 0 ? 'Vielen Dank für Ihren Einkauf und bis bald' : 'Thank you for your visit';
  return `CORNER SHOP\n${item} 4.50${rare}\n${words}\nTOTAL 4.50\n${thanks}`;
}

beforeAll(async () => {
  db = await createMediumDatabase();
  services = expensesServices(db.dataSource);
  userId = await newAccount(db.dataSource);
  await insertExpenseRows(
    db.dataSource.manager,
    userId,
    Array.from({ length: ROWS }, (_, index) => ({
      vendor: index % 50 === 0 ? 'Harbour Deli' : `Shop ${index % 9}`,
      amount: '4.50',
      raw_ocr_text: receiptText(index),
    })),
  );
  await db.dataSource.query('ANALYZE "expenses"."expenses"');
}, 60_000);

afterAll(async () => {
  await db?.drop();
});

/** The planner's estimate of the rows of the list's count for `q`. */
async function estimatedRows(q: string): Promise<number> {
  const filter = await searchEntities(db.dataSource, userId, { q });
  const count = expenseCountSql(userId, filter);
  const [row] = await db.dataSource.query(`EXPLAIN (FORMAT JSON) ${count.sql}`, count.params);
  const plan = row['QUERY PLAN'][0].Plan;
  // Under the count's aggregate (and a Gather, when it plans in parallel).
  let scan = plan.Plans[0];
  while (scan.Plans && !/Scan/.test(scan['Node Type'])) scan = scan.Plans[0];
  return scan['Plan Rows'] * (scan['Node Type'].startsWith('Parallel') ? 2.4 : 1);
}

describe('search_word_query', () => {
  it('holds the word as a prefix and each stem the prefix does not already match, once', async () => {
    const [row] = await db.dataSource.query(
      `SELECT "expenses"."search_word_query"('einkaufen')::text AS "stemmed",
         "expenses"."search_word_query"('croissant')::text AS "common",
         "expenses"."search_word_query"('the')::text AS "stop"`,
    );
    expect(row).toEqual({
      stemmed: `'einkaufen':* | 'einkauf'`,
      common: `'croissant':* | 'croiss'`,
      stop: `'the':*`,
    });
  });
});

describe('the list search', () => {
  it('finds a word as written, by its stem in the receipt language, and inside a vendor name', async () => {
    const total = async (q: string) =>
      (await services.expenses.list(userId, { q })).pagination.total_count;
    expect(await total('croissant')).toBe(ROWS / 10);
    expect(await total('pistachio')).toBe(2);
    // "Einkaufen" is not in any text; German receipts hold "Einkauf", its stem.
    expect(await total('einkaufen')).toBe(ROWS / 4);
    expect(await total('bour')).toBe(ROWS / 50);
    expect(await total('croissant einkauf')).toBe(ROWS / 20);
  });

  it('is estimated within a factor of two of what it counts, for a common and a rare word', async () => {
    // Eight copies of one lexeme behind a subquery were guessed as half the rows for "croissant".
    const common = await estimatedRows('croissant');
    expect(common).toBeGreaterThan(ROWS / 10 / 2);
    expect(common).toBeLessThan((ROWS / 10) * 2);
    expect(await estimatedRows('pistachio')).toBeLessThan(ROWS / 10);
  });
});
