import { beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import { ExpensesPatterns } from '@snaptrack/contracts';
import {
  api,
  createTestAccount,
  seedExpenses,
  sendToService,
  stack,
  withDatabase,
  type SeedExpense,
  type TestAccount,
} from '@snaptrack/testing';
import { todayIn } from './support/brute-force.js';
import { insertExpenses, shiftDate } from './support/expense-fixtures.js';
import {
  download,
  guarded,
  centsByCurrency,
  previewCents,
  readyExpenses,
  type DbExpense,
} from './support/export-oracle.js';

let owner: TestAccount;
let stranger: TestAccount;
const today = todayIn('UTC');

/** Vendors that break naive CSV writers and readers, or that a spreadsheet would run. */
const nastyVendors = [
  'Smith, Jones & Co',
  'The "Best" Diner',
  'Line one\nLine two',
  'Carriage\r\nreturn',
  'Café Zoë ☕ 🍕 日本',
  '=HYPERLINK("http://evil.example","click")',
  '+1 Plumbing',
  '-20% Outlet',
  '@SUM(A1:A2)',
  '\tTabbed',
  ' spaced , "both" \n',
];

/** What some of them carry beyond a fixture's columns. */
const nastyExtras: Record<string, SeedExpense> = {
  '+1 Plumbing': { notes: 'Lunch, "team"\nsecond line', currency: 'EUR' },
  // Tax read or entered on two of them: the exports carry it, the rest leave it empty.
  'Smith, Jones & Co': {
    tax_amount: '4.61',
    tax_lines: JSON.stringify([
      { rate: 19, tax: 3.87, net: 20.36, gross: 24.23 },
      { rate: 7, tax: 0.74, net: 10.58, gross: 11.32 },
    ]),
  },
  'The "Best" Diner': { tax_amount: '0.89' },
  '@SUM(A1:A2)': { notes: '=1+1', extraction_method: 'text', ocr_confidence: null },
};

/** Strict RFC 4180 reading: CRLF records, no loose quotes, every row the header's width. */
function readCsv(bytes: Buffer): string[][] {
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows: string[][] = parse(bytes, {
    bom: true,
    encoding: 'utf8',
    record_delimiter: ['\r\n'],
    relax_quotes: false,
    relax_column_count: false,
    skip_empty_lines: false,
  });
  return rows;
}

function expectedCsvRow(row: DbExpense): string[] {
  const source = { image: 'Receipt image', text: 'Email', manual: 'Manual' }[row.extraction_method];
  return [
    row.expense_date ?? '',
    guarded(row.vendor),
    row.amount,
    row.currency,
    guarded(row.entity ?? 'Unassigned'),
    guarded(row.tags.join('; ')),
    guarded(row.notes ?? ''),
    source!,
    row.ocr_confidence === null ? '' : row.ocr_confidence.toFixed(2),
    // No rates here (currency.int-spec has them): only the home currency's amounts convert.
    '',
    '',
    row.currency === 'USD' ? row.amount : '',
    row.tax_amount ?? '',
    (row.tax_lines ?? [])
      .map((line) => `${line.rate === null ? '' : `${line.rate}% `}${line.tax.toFixed(2)}`)
      .join('; '),
    // Rows made here carry no reading, so no currency was assumed (pack-export.int-spec has one).
    '',
  ];
}

beforeAll(async () => {
  owner = await createTestAccount('export');
  stranger = await createTestAccount('export-other');
  for (const name of ['Personal', 'Acme, "Quoted" Inc.', '=Evil Entity']) {
    await api('/api/entities', { token: owner.token, body: { name } });
  }
  await insertExpenses(
    owner.id,
    nastyVendors.map((vendor, index) => ({
      vendor,
      cents: 1 + index * 12_345,
      date: shiftDate(today, -index * 3),
      entity: ['Personal', 'Acme, "Quoted" Inc.', '=Evil Entity', null][index % 4]!,
      tags: index % 2 ? ['Travel', '-minus, tag'] : ['Meals'],
      ...nastyExtras[vendor],
    })),
  );
  await insertExpenses(owner.id, [
    {
      vendor: 'Still reading',
      cents: 500,
      date: today,
      entity: null,
      tags: [],
      status: 'processing',
    },
  ]);
  await withDatabase(async (client) => {
    // 2,400 more that share created_at and a handful of dates, so the keyset
    // pages (2,000 rows, CSV_PAGE_SIZE) must break ties by id and neither repeat nor drop a row.
    const createdAt = new Date();
    await seedExpenses(
      client,
      owner.id,
      Array.from({ length: 2400 }, (_, index) => ({
        created_at: createdAt,
        vendor: `Bulk ${index + 1}`,
        amount: (((index + 1) % 977) + 0.05).toFixed(2),
        expense_date: shiftDate(today, -((index + 1) % 4)),
        tags: ['Bulk'],
        status: 'ready',
        extraction_method: 'manual',
        ocr_confidence: null,
      })),
    );
    // Three nobody dated (the receipt gave none): exported after every dated one, on the page
    // after the first, with an empty date.
    await seedExpenses(
      client,
      owner.id,
      [1, 2, 3].map((i) => ({
        vendor: `Undated ${i}`,
        amount: i.toFixed(2),
        expense_date: null,
        tags: ['Meals'],
        status: 'ready',
        extraction_method: 'image',
        ocr_confidence: 0.9,
      })),
    );
  });
  await insertExpenses(stranger.id, [
    { vendor: 'Stranger Things Ltd', cents: 4242, date: today, entity: null, tags: ['Meals'] },
  ]);
});

describe('POST /api/export/preview', () => {
  it('counts and sums the ready expenses the filters match', async () => {
    const all = await readyExpenses(owner.id);
    const { status, body } = await api('/api/export/preview', {
      token: owner.token,
      body: { filters: {} },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, count: all.length });
    // Per currency: the fixture has one EUR expense among dollars, never added to them.
    expect(previewCents(body.totals)).toEqual(centsByCurrency(all));
    expect(Object.keys(centsByCurrency(all)).sort()).toEqual(['EUR', 'USD']);

    const filter = { start: shiftDate(today, -20), end: today, entities: ['Personal', null] };
    const some = await readyExpenses(owner.id, filter);
    const filtered = await api('/api/export/preview', {
      token: owner.token,
      body: {
        filters: {
          start_date: filter.start,
          end_date: filter.end,
          entities: ['personal', 'Unassigned'],
        },
      },
    });
    expect(filtered.body.count).toBe(some.length);
    expect(previewCents(filtered.body.totals)).toEqual(centsByCurrency(some));
    expect(some.length).toBeGreaterThan(0);
    expect(some.length).toBeLessThan(all.length);
  });

  it('refuses malformed filters with a 400 and the reason', async () => {
    const { status, body } = await api('/api/export/preview', {
      token: owner.token,
      body: { filters: { start_date: '2026-02-30' } },
    });
    expect(status).toBe(400);
    expect(body.error.message).toBe('start_date must be a date (YYYY-MM-DD).');
    const notObject = await api('/api/export/preview', {
      token: owner.token,
      body: { filters: 'all' },
    });
    expect(notObject.status).toBe(400);
  });

  it('needs a signed-in user', async () => {
    const { status } = await api('/api/export/preview', { body: { filters: {} } });
    expect(status).toBe(401);
  });
});

describe('POST /api/export/csv', () => {
  it('streams every ready expense, row by row as the database holds it, RFC 4180 with a BOM', async () => {
    const { status, bytes, headers } = await download(
      stack.baseUrl,
      '/api/export/csv',
      owner.token,
      {
        filters: {},
      },
    );
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(headers.get('content-disposition')).toBe(
      `attachment; filename="snaptrack_expenses_${todayIn('UTC')}.csv"`,
    );
    const [header, ...rows] = readCsv(bytes);
    expect(header).toEqual([
      'Date',
      'Vendor',
      'Amount',
      'Currency',
      'Entity',
      'Tags',
      'Description',
      'Source',
      'Confidence',
      'Exchange rate',
      'Rate source',
      'Amount in USD',
      'Tax',
      'Tax rates',
      'Currency assumed',
    ]);
    const expected = await readyExpenses(owner.id);
    expect(rows).toHaveLength(expected.length);
    expect(rows.length).toBeGreaterThan(2400);
    rows.forEach((row, index) => expect(row).toEqual(expectedCsvRow(expected[index])));
    const ids = new Set(expected.map((row) => row.id));
    expect(ids.size).toBe(rows.length);
    expect(bytes.toString('utf8')).not.toContain('Stranger Things');
    expect(bytes.toString('utf8')).not.toContain('Still reading');
  });

  it('keeps formulas as text and amounts as bare numbers', async () => {
    const { bytes } = await download(stack.baseUrl, '/api/export/csv', owner.token, {
      filters: { tags: ['travel', 'meals'] },
    });
    const rows = readCsv(bytes).slice(1);
    const byVendor = new Map(rows.map((row) => [row[1], row]));
    expect(byVendor.get(`'=HYPERLINK("http://evil.example","click")`)).toBeDefined();
    expect(byVendor.get("'+1 Plumbing")![6]).toBe('Lunch, "team"\nsecond line');
    expect(byVendor.get("'+1 Plumbing")![3]).toBe('EUR');
    expect(byVendor.get("'@SUM(A1:A2)")!.slice(6, 9)).toEqual(["'=1+1", 'Email', '']);
    expect(byVendor.get('Café Zoë ☕ 🍕 日本')).toBeDefined();
    const text = bytes.toString('utf8');
    // An amount is never quoted or prefixed: ",12346.00," not ",\"12346.00\"," nor ",'…".
    for (const row of rows) expect(text).toContain(`,${row[2]},`);
    expect(rows.every((row) => /^\d+\.\d{2}$/.test(row[2]))).toBe(true);
    expect(rows.map((row) => row[1])).not.toContain('Bulk 1');
  });

  it('filters by dates, entities and tags exactly as the preview counts', async () => {
    const filters = {
      start_date: shiftDate(today, -15),
      end_date: shiftDate(today, -1),
      entities: ['=Evil Entity', 'Acme, "Quoted" Inc.'],
      tags: ['TRAVEL', 'Meals'],
    };
    const expected = await readyExpenses(owner.id, {
      start: filters.start_date,
      end: filters.end_date,
      entities: ['=Evil Entity', 'Acme, "Quoted" Inc.'],
      tags: filters.tags,
    });
    expect(expected.length).toBeGreaterThan(0);
    const { bytes } = await download(stack.baseUrl, '/api/export/csv', owner.token, { filters });
    const rows = readCsv(bytes).slice(1);
    expect(rows).toEqual(expected.map(expectedCsvRow));
    const preview = await api('/api/export/preview', { token: owner.token, body: { filters } });
    expect(preview.body.count).toBe(rows.length);
  });

  it('gives another user only their own expenses, and an empty file when nothing matches', async () => {
    const { bytes } = await download(stack.baseUrl, '/api/export/csv', stranger.token, {});
    const rows = readCsv(bytes).slice(1);
    expect(rows.map((row) => row[1])).toEqual(['Stranger Things Ltd']);
    const none = await download(stack.baseUrl, '/api/export/csv', stranger.token, {
      filters: { end_date: '1999-12-31' },
    });
    expect(readCsv(none.bytes)).toHaveLength(1);
  });
});

describe('the export walk on the bus', () => {
  it.each([ExpensesPatterns.exportRows, ExpensesPatterns.exportPage])(
    '%s refuses a malformed cursor or filters, as any service would send them',
    async (pattern) => {
      const cursor = { expense_date: '2026-02-30', created_at: 'yesterday', id: 'x' };
      await expect(
        sendToService('expenses', pattern, { after: cursor, limit: 10 }, { userId: owner.id }),
      ).rejects.toThrow('The cursor is malformed.');
      await expect(
        sendToService(
          'expenses',
          pattern,
          { filters: 'all of them', limit: 10 },
          { userId: owner.id },
        ),
      ).rejects.toThrow('filters must be an object.');
    },
  );
});

describe('POST /api/export/quickbooks', () => {
  it('requires the customer with a clear message', async () => {
    for (const body of [
      { filters: {} },
      { filters: {}, quickbooksSettings: {} },
      { filters: {}, quickbooksSettings: { customer: '   ' } },
    ]) {
      const response = await api('/api/export/quickbooks', { token: owner.token, body });
      expect(response.status).toBe(400);
      expect(response.body.error.message).toBe(
        'Please enter a customer name for QuickBooks export.',
      );
    }
  });

  it('refuses terms QuickBooks does not know', async () => {
    const response = await api('/api/export/quickbooks', {
      token: owner.token,
      body: { quickbooksSettings: { customer: 'Acme', terms: 'Net 45' } },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(
      'terms must be one of Due upon receipt, Net 30, Net 60.',
    );
  });

  it('writes one invoice per currency, a line per expense, with the defaults and the due date of the terms', async () => {
    const filters = { tags: ['Travel', 'Meals'] };
    const expected = await readyExpenses(owner.id, { tags: filters.tags });
    const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
    for (const [terms, days] of [
      [undefined, 30],
      ['Due upon receipt', 0],
      ['Net 60', 60],
    ] as const) {
      const { status, bytes, headers } = await download(
        stack.baseUrl,
        '/api/export/quickbooks',
        owner.token,
        { filters, quickbooksSettings: { customer: '=Client, "Big" Co', terms, memo: 'Q4 costs' } },
      );
      expect(status).toBe(200);
      expect(headers.get('content-disposition')).toBe(
        `attachment; filename="quickbooks_invoice_${todayIn('UTC')}.csv"`,
      );
      const [header, ...rows] = readCsv(bytes);
      expect(header).toEqual([
        'InvoiceNo',
        'Customer',
        'InvoiceDate',
        'DueDate',
        'Terms',
        'Memo',
        'Item(Product/Service)',
        'ItemDescription',
        'ItemQuantity',
        'ItemRate',
        'ItemAmount',
        'ServiceDate',
        'ItemTaxAmount',
      ]);
      expect(rows).toHaveLength(expected.length);
      // The home currency's (USD) invoice has the plain number; the EUR line its own invoice.
      const invoiceNo = rows[expected.findIndex((db) => db.currency === 'USD')][0];
      expect(invoiceNo).toMatch(/^ST-\d{8}-[0-9A-F]{4}$/);
      expect(expected.some((db) => db.currency === 'EUR')).toBe(true);
      rows.forEach((row, index) => {
        const db = expected[index];
        expect(row).toEqual([
          db.currency === 'USD' ? invoiceNo : `${invoiceNo}-${db.currency}`,
          `'=Client, "Big" Co`,
          usDate(today),
          usDate(shiftDate(today, days)),
          terms ?? 'Net 30',
          'Q4 costs',
          'Reimbursable Expense',
          guarded(db.notes ? `${db.vendor} - ${db.notes}` : db.vendor),
          '1',
          db.amount,
          db.amount,
          // No date read: QuickBooks' optional ServiceDate stays empty.
          db.expense_date === null ? '' : usDate(db.expense_date),
          db.tax_amount ?? '',
        ]);
      });
    }
  });

  it('uses the service name given', async () => {
    const { bytes } = await download(stack.baseUrl, '/api/export/quickbooks', stranger.token, {
      quickbooksSettings: { customer: 'Client', serviceName: 'Consulting costs' },
    });
    const rows = readCsv(bytes).slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0][6]).toBe('Consulting costs');
    expect(rows[0][10]).toBe('42.42');
  });
});
