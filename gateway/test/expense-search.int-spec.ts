import { beforeAll, describe, expect, it } from '@jest/globals';
import { SearchLimits, SearchMessages, type HighlightPart } from '@snaptrack/contracts';
import {
  api,
  createTestAccount,
  seedExpenses,
  withDatabase,
  type TestAccount,
} from '@snaptrack/testing';

let owner: TestAccount;
let stranger: TestAccount;
const ids: Record<string, string> = {};

interface Row {
  key: string;
  vendor: string;
  amount: string;
  currency: string;
  date: string;
  entity?: string;
  tags?: string[];
  notes?: string;
  text?: string;
}

const ROWS: Row[] = [
  {
    key: 'coffee',
    vendor: 'Starbucks Coffee',
    amount: '4.50',
    currency: 'USD',
    date: '2026-03-01',
    tags: ['Coffee'],
    notes: 'Team latte',
  },
  {
    key: 'bakery',
    vendor: 'Bäckerei Müller',
    amount: '12.40',
    currency: 'EUR',
    date: '2026-03-02',
    entity: 'Studio North',
    text: 'Bäckerei Müller\nBrötchen 2,40\nKuchen 10,00\nSumme 12,40\nVielen Dank für Ihren Einkauf und bis bald',
  },
  {
    key: 'office',
    vendor: 'Office Depot',
    amount: '142.00',
    currency: 'USD',
    date: '2026-03-03',
    text: 'OFFICE DEPOT #5531\nPrinter paper 142.00\nThank you for shopping with us and have a nice day',
  },
  {
    key: 'fuel',
    vendor: 'Shell',
    amount: '42.50',
    currency: 'USD',
    date: '2026-03-04',
    notes: 'fuel for the van',
  },
  {
    key: 'corner',
    vendor: 'Corner Shop',
    amount: '19.99',
    currency: 'GBP',
    date: '2026-03-05',
    tags: ['groceries'],
    text: 'CORNER SHOP\nLemons x3 1.20\nMilk 0.89\nReceipt no 98765\nTOTAL 19.99',
  },
];

/** Writes the rows straight into the expenses schema, as the receipt pipeline would leave them. */
async function insertRows(userId: string, rows: Row[]): Promise<void> {
  const seeded = await withDatabase((client) =>
    seedExpenses(
      client,
      userId,
      rows.map((row) => ({
        vendor: row.vendor,
        amount: row.amount,
        currency: row.currency,
        expense_date: row.date,
        entity: row.entity ?? null,
        tags: row.tags ?? [],
        notes: row.notes ?? null,
        raw_ocr_text: row.text ?? null,
        status: 'ready',
        extraction_method: 'image',
        ocr_confidence: 0.9,
      })),
    ),
  );
  rows.forEach((row, index) => (ids[row.key] = seeded[index]));
}

async function search(query: string, account: TestAccount = owner) {
  return api(`/api/expenses?limit=100&${query}`, { token: account.token });
}

/** The keys of the rows a query finds, in the list's order (newest first). */
async function found(query: string): Promise<string[]> {
  const { status, body } = await search(query);
  expect([query, status]).toEqual([query, 200]);
  const byId = Object.fromEntries(Object.entries(ids).map(([key, id]) => [id, key]));
  const expenses = body.expenses as { id: string }[];
  return expenses.map((expense) => byId[expense.id] ?? expense.id);
}

beforeAll(async () => {
  owner = await createTestAccount('search');
  stranger = await createTestAccount('search-other');
  await api('/api/entities', { token: owner.token, body: { name: 'Studio North' } });
  await insertRows(owner.id, ROWS);
});

describe('GET /api/expenses?q=', () => {
  it('finds words across vendor, description, tags, entity and receipt text', async () => {
    expect(await found('q=starb')).toEqual(['coffee']);
    // Inside the vendor's name (its trigrams), not only at a word's start.
    expect(await found('q=bucks')).toEqual(['coffee']);
    expect(await found('q=LATTE')).toEqual(['coffee']);
    expect(await found('q=groceries')).toEqual(['corner']);
    expect(await found('q=studio')).toEqual(['bakery']);
    expect(await found('q=m%C3%BCller')).toEqual(['bakery']);
    expect(await found('q=lemons')).toEqual(['corner']);
    expect(await found('q=98765')).toEqual(['corner']);
    // Every word must be found, each anywhere.
    expect(await found('q=starbucks%20latte')).toEqual(['coffee']);
    expect(await found('q=starbucks%20lemons')).toEqual([]);
    expect(await found('q=nothing-like-this')).toEqual([]);
  });

  it('reads the receipt text in its language: the stem finds another form', async () => {
    const languages = await withDatabase((client) =>
      client.query(
        `SELECT "id", "text_language"::text AS "language" FROM "expenses"."expenses"
         WHERE "user_id" = $1 AND "raw_ocr_text" IS NOT NULL`,
        [owner.id],
      ),
    );
    const byId = Object.fromEntries(languages.rows.map((row) => [row.id, row.language]));
    expect(byId[ids.bakery]).toBe('german');
    expect(byId[ids.office]).toBe('english');
    // The text says "shopping"; "shops" is not its prefix but has its stem.
    expect(await found('q=shops')).toContain('office');
  });

  it('marks the matched words of the receipt text, only where the text matched', async () => {
    const { body } = await search('q=lemons');
    const parts: HighlightPart[] = body.matches[ids.corner].receipt_text;
    expect(parts.filter((part) => part.hit).map((part) => part.text.toLowerCase())).toEqual([
      'lemons',
    ]);
    expect(parts.map((part) => part.text).join('')).toContain('Milk');
    const vendorOnly = await search('q=starbucks');
    expect(vendorOnly.body.matches).toEqual({});
    const noWords = await search('q=%3E100');
    expect(noWords.body.matches).toBeUndefined();
  });

  it('reads amounts in q and min_amount/max_amount, in each expense’s currency', async () => {
    expect(await found('q=42.50')).toEqual(['fuel']);
    expect(await found('q=42%2C50')).toEqual(['fuel']);
    expect(await found('q=%3E100')).toEqual(['office']);
    expect(await found('q=%3E%20100')).toEqual(['office']);
    expect(await found('q=%3C5')).toEqual(['coffee']);
    expect(await found('q=%3E%3D19.99')).toEqual(['corner', 'fuel', 'office']);
    expect(await found('q=coffee%20%3C10')).toEqual(['coffee']);
    expect(await found('min_amount=10&max_amount=20')).toEqual(['corner', 'bakery']);
    expect(await found('min_amount=19.99')).toEqual(['corner', 'fuel', 'office']);
    expect(await found('max_amount=4.5')).toEqual(['coffee']);
  });

  it('combines with the other filters, and the page count follows', async () => {
    expect(await found('currency=EUR')).toEqual(['bakery']);
    expect(await found('q=shop&currency=GBP')).toEqual(['corner']);
    expect(await found('q=shop&start_date=2026-03-04')).toEqual(['corner']);
    expect(await found('tags=groceries&q=lemons')).toEqual(['corner']);
    expect(await found('entities=Studio%20North&q=kuchen')).toEqual(['bakery']);
    expect(await found('entities=Unassigned&q=kuchen')).toEqual([]);
    const page = await api('/api/expenses?limit=1&page=2&min_amount=13', { token: owner.token });
    expect(page.body.pagination).toMatchObject({ total_count: 3, total_pages: 3 });
    expect(page.body.expenses.map((e: { id: string }) => e.id)).toEqual([ids.fuel]);
  });

  it('gives the exports the same filters (the preview counts what the list finds)', async () => {
    const preview = await api('/api/export/preview', {
      token: owner.token,
      body: { filters: { q: 'shop', max_amount: 100 } },
    });
    expect(preview.status).toBe(200);
    expect(preview.body.count).toBe(1);
    expect(preview.body.totals).toEqual([expect.objectContaining({ currency: 'GBP', count: 1 })]);
    const bad = await api('/api/export/preview', {
      token: owner.token,
      body: { filters: { min_amount: 'lots' } },
    });
    expect([bad.status, bad.body.error?.message]).toEqual([400, SearchMessages.minAmount]);
  });

  it("never finds another account's expenses", async () => {
    const { body } = await search('q=lemons', stranger);
    expect(body.expenses).toEqual([]);
    expect(body.pagination.total_count).toBe(0);
  });

  it('takes hostile text as text: no error, no injection', async () => {
    const hostile = [
      '\'; DROP TABLE "expenses"."expenses"; --',
      "zzz' OR '1'='1",
      '%',
      '_',
      '\\',
      'lemons:* | !starbucks & (',
      '<<>>==',
      '>-5',
      '>99999999999.99',
      '\u0000lemons',
      '\u202e\ud83d\ude00 lemons',
      '$1 $2 ::text',
    ];
    for (const q of hostile) {
      const { status, body } = await search(`q=${encodeURIComponent(q)}`);
      expect([q, status, body.success]).toEqual([q, 200, true]);
    }
    // Punctuation is no search at all; the words around it still are.
    expect(await found(`q=${encodeURIComponent("zzz' OR '1'='1")}`)).toEqual([]);
    expect(await found(`q=${encodeURIComponent('\u0000lemons')}`)).toEqual(['corner']);
    expect(await found(`q=${encodeURIComponent('%')}`)).toHaveLength(ROWS.length);
    const still = await withDatabase((client) =>
      client.query(`SELECT count(*)::int AS "n" FROM "expenses"."expenses" WHERE "user_id" = $1`, [
        owner.id,
      ]),
    );
    expect(still.rows[0].n).toBe(ROWS.length);
  });

  it('refuses bad parameters with a clear message', async () => {
    const tooLong = 'a'.repeat(SearchLimits.maxQueryLength + 1);
    const tooManyWords = Array.from({ length: SearchLimits.maxWords + 1 }, (_, i) => `w${i}`);
    const cases: [string, string][] = [
      [`q=${tooLong}`, SearchMessages.queryTooLong],
      [`q=${'%F0%9F%98%80'.repeat(SearchLimits.maxQueryLength + 1)}`, SearchMessages.queryTooLong],
      [`q=${tooManyWords.join('+')}`, SearchMessages.tooManyWords],
      ['q=a&q=b', SearchMessages.queryText],
      ['min_amount=abc', SearchMessages.minAmount],
      ['min_amount=-1', SearchMessages.minAmount],
      ['min_amount=1.234', SearchMessages.minAmount],
      ['min_amount=1e400', SearchMessages.minAmount],
      ['min_amount=NaN', SearchMessages.minAmount],
      ['min_amount=10000000000', SearchMessages.minAmount],
      ['min_amount=1&min_amount=2', SearchMessages.minAmount],
      ["max_amount=1'--", SearchMessages.maxAmount],
      ['max_amount=0x10', SearchMessages.maxAmount],
      ['min_amount=20&max_amount=10', SearchMessages.amountRange],
      ['currency=XYZ', 'Currency must be an ISO 4217 code such as USD, EUR or MYR.'],
      ['currency=usd', 'Currency must be an ISO 4217 code such as USD, EUR or MYR.'],
    ];
    for (const [query, message] of cases) {
      const { status, body } = await search(query);
      expect([query.slice(0, 60), status, body.error?.message]).toEqual([
        query.slice(0, 60),
        400,
        message,
      ]);
    }
    // A query string too long for any server is refused before it reaches a handler.
    const huge = await search(`q=${'x'.repeat(100_000)}`);
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
  });
});
