import { beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import type { Expense, ImageBox } from '@snaptrack/contracts';
import {
  api,
  createTestAccount,
  renderReceipt,
  uploadReceipt,
  waitForReceipt,
  withDatabase,
  type TestAccount,
} from '@snaptrack/testing';
import { insertExpenses } from './support/expense-fixtures.js';

let owner: TestAccount;
let stranger: TestAccount;

beforeAll(async () => {
  owner = await createTestAccount('review');
  stranger = await createTestAccount('review-other');
  await api('/api/entities', { token: owner.token, body: { name: 'Review Studio' } });
});

const RECEIPT = {
  vendor: 'BLUE HARBOR CAFE',
  date: '2026-03-14',
  // The dollar sign: the currency is read from the total's line.
  total: '$42.17',
  items: [
    ['Flat white', '4.50'],
    ['Club sandwich', '37.67'],
  ] as [string, string][],
};
// renderReceipt's layout (tools/testing/receipts.ts): text baselines at 60 + 46 × line, 640 px
// wide, left text from x 40, prices right-aligned at x 600, the vendor centred.
const baseline = (line: number) => 60 + 46 * line;
const LINES = { vendor: 0, date: 4, total: 9 };

/** A point of the printed text, moved as the receipt was placed on the stored image. */
type Place = (point: { x: number; y: number }) => { x: number; y: number };

function expectOver(box: ImageBox | null | undefined, point: { x: number; y: number }) {
  expect(box).toBeTruthy();
  const b = box!;
  expect(point.x).toBeGreaterThanOrEqual(b.x);
  expect(point.x).toBeLessThanOrEqual(b.x + b.width);
  expect(point.y).toBeGreaterThanOrEqual(b.y);
  expect(point.y).toBeLessThanOrEqual(b.y + b.height);
  // One printed line, not the whole receipt.
  expect(Math.min(b.width, b.height)).toBeLessThan(80);
}

async function readUpload(image: Buffer): Promise<Expense> {
  const upload = await uploadReceipt(owner.token, image, { entity: 'Review Studio' });
  expect([upload.status, upload.body]).toEqual([202, expect.anything()]);
  return (await waitForReceipt(owner.token, upload.body.expense.id)) as Expense;
}

/** The boxes the API returns lie on the text the field was read from, on the served image. */
async function expectBoxesOnText(expense: Expense, place: Place) {
  expect(expense).toMatchObject({
    vendor: RECEIPT.vendor,
    amount: 42.17,
    expense_date: '2026-03-14',
  });
  const evidence = expense.field_evidence!;
  // Middle of the x-height of each line: 8 px above the baseline.
  expectOver(evidence.vendor?.box, place({ x: 320, y: baseline(LINES.vendor) - 10 }));
  expectOver(evidence.expense_date?.box, place({ x: 120, y: baseline(LINES.date) - 8 }));
  expectOver(evidence.amount?.box, place({ x: 570, y: baseline(LINES.total) - 10 }));
  expect(expense.currency).toBe('USD');
  expectOver(evidence.currency?.box, place({ x: 500, y: baseline(LINES.total) - 10 }));
  for (const field of ['vendor', 'amount', 'expense_date', 'currency'] as const) {
    expect(evidence[field]?.confidence).toBeGreaterThan(0);
    expect(evidence[field]?.confidence).toBeLessThanOrEqual(1);
  }
  // The coordinates are the image the API serves.
  const served = await fetch(`${process.env.SNAPTRACK_BASE_URL}${expense.image_url}`, {
    headers: { authorization: `Bearer ${owner.token}` },
  });
  const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
  for (const field of ['vendor', 'amount', 'expense_date', 'currency'] as const) {
    const box = evidence[field]!.box!;
    expect(box.x + box.width).toBeLessThanOrEqual(meta.width);
    expect(box.y + box.height).toBeLessThanOrEqual(meta.height);
  }
}

describe('field boxes from the real ocr-service', () => {
  it('points at the line each field was read from', async () => {
    const expense = await readUpload(await renderReceipt(RECEIPT));
    await expectBoxesOnText(expense, (p) => p);
  });

  it('maps the receipt crop of a page scan back to the page', async () => {
    const expense = await readUpload(await renderReceipt(RECEIPT, { wholePage: true }));
    // renderReceipt puts the receipt at (120, 160) on the A4 page.
    await expectBoxesOnText(expense, (p) => ({ x: p.x + 120, y: p.y + 160 }));
  });

  it('maps a sideways photo read turned back to the photo as stored', async () => {
    const { height } = await sharp(await renderReceipt(RECEIPT)).metadata();
    const expense = await readUpload(await renderReceipt(RECEIPT, { rotate: 90 }));
    // Turned 90° clockwise: (x, y) on the upright receipt is (height - y, x) on the photo.
    await expectBoxesOnText(expense, (p) => ({ x: height - p.y, y: p.x }));
  });
});

describe('fields the receipt does not give', () => {
  it('flags a date not read and an assumed currency, and lists the expense for review', async () => {
    const account = await createTestAccount('review-unread');
    await api('/api/entities', { token: account.token, body: { name: 'Review Studio' } });
    const home = await api('/api/user/currency', {
      token: account.token,
      method: 'PUT',
      body: { home_currency: 'GBP' },
    });
    expect(home.status).toBe(200);
    // No date on it (the date line holds words), and no currency symbol, code or country.
    const image = await renderReceipt({ ...RECEIPT, printedDate: 'see stamp', total: '42.17' });
    const upload = await uploadReceipt(account.token, image, { entity: 'Review Studio' });
    expect(upload.status).toBe(202);
    const expense = (await waitForReceipt(account.token, upload.body.expense.id)) as Expense;
    // No date at all, never the upload day.
    expect(expense).toMatchObject({
      status: 'ready',
      vendor: RECEIPT.vendor,
      amount: 42.17,
      expense_date: null,
    });
    expect(expense.field_evidence?.expense_date).toEqual({
      confidence: 0,
      box: null,
      flag: 'not_read',
    });
    // Never a silent USD: the home currency, said to be assumed.
    expect(expense.currency).toBe('GBP');
    expect(expense.field_evidence?.currency).toEqual({ confidence: 0, box: null, flag: 'assumed' });
    const queued = await api('/api/expenses?review=needed&limit=100', { token: account.token });
    expect((queued.body.expenses as Expense[]).map((e) => e.id)).toEqual([expense.id]);
    // In no date range and no period: the summary counts it apart.
    const today = new Date().toISOString().slice(0, 10);
    const ranged = await api(`/api/expenses?start_date=2000-01-01&end_date=${today}`, {
      token: account.token,
    });
    expect(ranged.body.expenses).toEqual([]);
    const summary = await api('/api/expenses/summary?period=all&tz=UTC', { token: account.token });
    expect(summary.body).toMatchObject({ count: 0, undated_count: 1 });
    // What answers each flag (setting the field by hand) is expenses-service's: its medium tests.
  });
});

// Which expenses the queue holds and how confirming empties it are expenses-service's rules,
// tested against its database in apps/expenses-service/test/medium/expenses.medium-spec.ts.
describe('the review queue over HTTP', () => {
  it('refuses a bad review filter and an unknown expense clearly', async () => {
    const reader = await createTestAccount('review-queue');
    const bad = await api('/api/expenses?review=all', { token: reader.token });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('review must be one of needed.');
    const unknown = await api('/api/expenses/00000000-0000-4000-8000-000000000000/review', {
      token: reader.token,
      method: 'POST',
    });
    expect(unknown.status).toBe(404);
    const notAnId = await api('/api/expenses/not-an-id/review', {
      token: reader.token,
      method: 'POST',
    });
    expect(notAnId.status).toBe(404);
  });
});

describe('the review queue as an attacker', () => {
  it('never lists nor confirms another user’s expenses', async () => {
    const victim = await createTestAccount('review-victim');
    const [theirs] = await insertExpenses(victim.id, [
      { vendor: 'Victim', cents: 0, date: '2026-03-01', entity: null, tags: [], status: 'failed' },
    ]);
    const seen = await api('/api/expenses?review=needed&limit=100', { token: stranger.token });
    expect((seen.body.expenses as Expense[]).map((e) => e.id)).not.toContain(theirs);

    const confirm = await api(`/api/expenses/${theirs}/review`, {
      token: stranger.token,
      method: 'POST',
    });
    expect(confirm.status).toBe(404);
    const anonymous = await api(`/api/expenses/${theirs}/review`, { method: 'POST' });
    expect(anonymous.status).toBe(401);

    const reviewed = await withDatabase(async (client) => {
      const { rows } = await client.query(
        `SELECT "reviewed_at" FROM "expenses"."expenses" WHERE "id" = $1`,
        [theirs],
      );
      return rows[0].reviewed_at as Date | null;
    });
    expect(reviewed).toBeNull();
    const own = await api('/api/expenses?review=needed&limit=100', { token: victim.token });
    expect(own.body.pagination.total_count).toBe(1);
  });
});
