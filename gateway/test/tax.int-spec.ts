import { beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import { TaxMessages } from '@snaptrack/contracts';
import {
  api,
  createTestAccount,
  renderReceipt,
  stack,
  uploadReceipt,
  waitForReceipt,
  type TestAccount,
} from '@snaptrack/testing';
import { download } from './support/export-oracle.js';

// Tax end to end: receipts rendered by the test, read by the real OCR pipeline, their tax lines
// stored; the edit with its rule; the exports and "Tax paid" on the statistics.

let owner: TestAccount;
let stranger: TestAccount;
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  owner = await createTestAccount('tax');
  stranger = await createTestAccount('tax-other');
  for (const name of ['Harbor Studio', 'Side Studio']) {
    await api('/api/entities', { token: owner.token, body: { name } });
  }
});

async function read(
  receipt: Parameters<typeof renderReceipt>[0],
  entity = 'Harbor Studio',
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
): Promise<any> {
  const upload = await uploadReceipt(owner.token, await renderReceipt(receipt), { entity });
  expect(upload.status).toBe(202);
  return waitForReceipt(owner.token, upload.body.expense.id);
}

const patch = (token: string, id: string, body: Record<string, unknown>) =>
  api(`/api/expenses/${id}`, { method: 'PATCH', token, body });

let oneRate: { id: string };
let severalRates: { id: string };

describe('tax read on receipts', () => {
  it('reads one rate (a US sales TAX line) and checks it with subtotal and total', async () => {
    const done = await read({
      vendor: 'PAPER CORNER',
      date: today,
      total: '10.89',
      items: [
        ['Notebook', '5.99'],
        ['Pens', '4.01'],
        ['SUBTOTAL', '10.00'],
        ['TAX 8.875%', '0.89'],
      ],
    });
    expect(done).toMatchObject({ status: 'ready', amount: 10.89 });
    expect(done.tax_amount).toBe(0.89);
    expect(done.tax_lines).toEqual([{ rate: 8.875, tax: 0.89, net: 10, gross: 10.89 }]);
    expect(done.field_evidence.tax_amount.confidence).toBeGreaterThanOrEqual(0.7);
    expect(done.field_evidence.tax_amount.box).not.toBeNull();
    oneRate = done;
  });

  it('reads several rates (a MwSt table) whose gross sums to the total', async () => {
    const done = await read({
      vendor: 'MARKTHALLE BERLIN',
      date: today,
      total: '35.55',
      items: [
        ['Kaffee Crema A', '8.99'],
        ['Rotwein A', '12.88'],
        ['Spuelmittel A', '2.36'],
        ['Vollmilch B', '1.32'],
        ['Broetchen B', '10.00'],
      ],
      after: [
        ['MwSt% Netto MwSt', 'Brutto'],
        ['A 19% 20.36 3.87', '24.23'],
        ['B 7% 10.58 0.74', '11.32'],
      ],
    });
    expect(done).toMatchObject({ status: 'ready', amount: 35.55 });
    expect(done.tax_amount).toBe(4.61);
    expect(done.tax_lines).toEqual([
      { rate: 19, tax: 3.87, net: 20.36, gross: 24.23 },
      { rate: 7, tax: 0.74, net: 10.58, gross: 11.32 },
    ]);
    const gross = done.tax_lines.reduce(
      (sum: number, line: { gross: number }) => sum + Math.round(line.gross * 100),
      0,
    );
    expect(gross).toBe(Math.round(done.amount * 100));
    severalRates = done;
  });

  it('leaves the tax unknown on a receipt that prints none, never 0', async () => {
    const done = await read({ vendor: 'CORNER CAFE', date: today, total: '10.70' });
    expect(done.status).toBe('ready');
    expect(done.tax_amount).toBeNull();
    expect(done.tax_lines).toBeNull();
  });
});

describe('PATCH /api/expenses/{id} tax', () => {
  it('refuses bad tax with the reason, never a 500, and writes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ tax_amount: 11 }, TaxMessages.moreThanTotal],
      [{ tax_amount: -1 }, TaxMessages.amount],
      [{ tax_amount: '0.5' }, TaxMessages.amount],
      [{ tax_lines: [{ rate: 150, tax: 1, net: null, gross: null }] }, TaxMessages.rate],
      [{ tax_lines: [{ rate: 19, tax: 1, net: 5, gross: 7 }] }, TaxMessages.netPlusTax],
      [{ tax_lines: 'lots' }, TaxMessages.lines],
      [
        { tax_amount: 1, tax_lines: [{ rate: 19, tax: 0.89, net: null, gross: null }] },
        TaxMessages.sumOfLines,
      ],
    ];
    for (const [body, message] of cases) {
      const response = await patch(owner.token, oneRate.id, body);
      expect(response.status).toBe(400);
      expect(response.body.error.message).toBe(message);
    }
    const { body } = await api(`/api/expenses/${oneRate.id}`, { token: owner.token });
    expect(body.expense.tax_amount).toBe(0.89);
  });

  it("sets the tax by hand, and nobody edits another user's", async () => {
    const response = await patch(owner.token, oneRate.id, { tax_amount: 0.9 });
    expect(response.status).toBe(200);
    expect(response.body.expense).toMatchObject({ tax_amount: 0.9, tax_lines: null });
    expect(response.body.expense.edited_fields).toContain('tax_amount');
    const theirs = await patch(stranger.token, severalRates.id, { tax_amount: 1 });
    expect(theirs.status).toBe(404);
  });
});

describe('exports carry tax', () => {
  it('has the tax and its rates in the CSV and the QuickBooks invoice CSV', async () => {
    const csv = await download(stack.baseUrl, '/api/export/csv', owner.token, { filters: {} });
    const [header, ...rows]: string[][] = parse(csv.bytes, { bom: true });
    const tax = header.indexOf('Tax');
    expect(header.slice(tax, tax + 2)).toEqual(['Tax', 'Tax rates']);
    const byVendor = new Map(rows.map((row) => [row[1], row.slice(tax, tax + 2)]));
    expect(byVendor.get('MARKTHALLE BERLIN')).toEqual(['4.61', '19% 3.87; 7% 0.74']);
    expect(byVendor.get('PAPER CORNER')).toEqual(['0.90', '']);
    expect(byVendor.get('CORNER CAFE')).toEqual(['', '']);

    const qb = await download(stack.baseUrl, '/api/export/quickbooks', owner.token, {
      quickbooksSettings: { customer: 'Client' },
    });
    const [qbHeader, ...qbRows]: string[][] = parse(qb.bytes, { bom: true });
    expect(qbHeader.at(-1)).toBe('ItemTaxAmount');
    const taxes = qbRows.map((row) => [row[10], row.at(-1)]).sort();
    expect(taxes).toEqual([
      ['10.70', ''],
      ['10.89', '0.90'],
      ['35.55', '4.61'],
    ]);
  });
});

describe('Tax paid', () => {
  it('sums the tax per entity and currency on the statistics page', async () => {
    const moved = await patch(owner.token, severalRates.id, {
      entity: 'Side Studio',
      currency: 'EUR',
    });
    expect(moved.status).toBe(200);
    const { status, body } = await api('/api/statistics?period=month&tz=UTC', {
      token: owner.token,
    });
    expect(status).toBe(200);
    expect(body.tax_paid).toEqual([
      { entity: 'Side Studio', currency: 'EUR', tax: 4.61, count: 1 },
      { entity: 'Harbor Studio', currency: 'USD', tax: 0.9, count: 1 },
    ]);
    const other = await api('/api/statistics?period=month&tz=UTC', { token: stranger.token });
    expect(other.body.tax_paid).toEqual([]);
  });
});
