import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import {
  OcrPatterns,
  TaxMessages,
  type CreateReceiptExpenseRequest,
  type ProcessReceiptJob,
  type ReceiptProcessedEvent,
} from '@snaptrack/contracts';
import { BusError } from '@snaptrack/nest-rmq';
import { ExportService } from '../../src/export/export.service.js';
import { mediumServices, messageContext, newAccount, outboxEvents } from './expenses-services.js';

// The tax of an expense on a real Postgres: what a reading stores, what an edit may set (with
// the rule the edit form applies too), that a re-reading leaves a hand-set tax alone, "Tax
// paid" per entity, currency and period, and the export rows that carry it.

const medium = mediumServices();

const GERMAN_LINES = [
  { rate: 19, tax: 3.87, net: 20.36, gross: 24.23 },
  { rate: 7, tax: 0.74, net: 10.58, gross: 11.32 },
];

async function uploaded(userId: string, entity = 'Personal') {
  const request = {
    entity,
    storage_key: `receipts/${userId}/${randomUUID()}.jpg`,
    content_type: 'image/jpeg',
    content_sha256: randomUUID().replace(/-/g, ''),
    size_bytes: 1000,
  } as CreateReceiptExpenseRequest;
  const { expense } = await medium.services.receipts.create(userId, request, messageContext());
  const events = (await outboxEvents(medium.db.dataSource, OcrPatterns.process)) as {
    data: ProcessReceiptJob;
  }[];
  const job = events
    .map((e) => e.data)
    .filter((j) => j.expense_id === expense.id)
    .at(-1)!;
  return { expense, job };
}

function reading(
  job: ProcessReceiptJob,
  fields: Partial<NonNullable<ReceiptProcessedEvent['fields']>>,
): ReceiptProcessedEvent {
  return {
    job_id: job.job_id,
    expense_id: job.expense_id,
    user_id: job.user_id,
    status: 'ready',
    fields: {
      vendor: 'REWE',
      amount: 35.55,
      currency: 'EUR',
      expense_date: '2026-11-03',
      confidence: 0.9,
      ...fields,
    },
    raw_text: 'REWE',
    error: null,
    method: 'tesseract',
  };
}

async function refusal(promise: Promise<unknown>): Promise<BusError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(BusError);
  return error as BusError;
}

describe('the tax of a reading', () => {
  it('is stored with its lines and evidence, and unknown stays null', async () => {
    const userId = await newAccount(medium.db.dataSource);
    const { expense, job } = await uploaded(userId);
    const box = { x: 10, y: 400, width: 300, height: 60 };
    await medium.services.receipts.applyResult(
      reading(job, {
        tax_amount: 4.61,
        tax_lines: GERMAN_LINES,
        evidence: { tax_amount: { confidence: 0.9, box } },
      }),
      randomUUID(),
    );
    const read = await medium.services.expenses.get(userId, expense.id);
    expect(read.tax_amount).toBe(4.61);
    expect(read.tax_lines).toEqual(GERMAN_LINES);
    expect(read.field_evidence?.tax_amount).toEqual({ confidence: 0.9, box });

    const plain = await uploaded(userId);
    await medium.services.receipts.applyResult(reading(plain.job, {}), randomUUID());
    const unknown = await medium.services.expenses.get(userId, plain.expense.id);
    expect(unknown.tax_amount).toBeNull();
    expect(unknown.tax_lines).toBeNull();
  });

  it('puts tax lines that contradict the total in the review queue', async () => {
    const userId = await newAccount(medium.db.dataSource);
    const { expense, job } = await uploaded(userId);
    const sure = { confidence: 0.95, box: null };
    await medium.services.receipts.applyResult(
      reading(job, {
        tax_amount: 4.61,
        tax_lines: GERMAN_LINES,
        evidence: {
          vendor: sure,
          amount: sure,
          expense_date: sure,
          currency: sure,
          tax_amount: { confidence: 0.45, box: null },
        },
      }),
      randomUUID(),
    );
    const queue = await medium.services.expenses.list(userId, { review: 'needed' });
    expect(queue.expenses.map((e) => e.id)).toEqual([expense.id]);
    await medium.services.expenses.update(userId, expense.id, { tax_amount: 4.61 });
    expect((await medium.services.expenses.list(userId, { review: 'needed' })).expenses).toEqual(
      [],
    );
  });
});

describe('a reading whose tax breaks the rule of an edit', () => {
  // A German receipt's deposit returned at 19 % ("0,91- 4,79- 5,70-"), its minus signs lost:
  // the lines' gross, 20.71, is more than the 9.31 paid.
  const DEPOSIT_LINES = [
    { rate: 19, tax: 0.91, net: 4.79, gross: 5.7 },
    { rate: 7, tax: 0.98, net: 14.03, gross: 15.01 },
  ];

  it('keeps the tax without its lines, and the user can still correct the expense', async () => {
    const userId = await newAccount(medium.db.dataSource);
    const { expense, job } = await uploaded(userId);
    await medium.services.receipts.applyResult(
      reading(job, { vendor: 'real', amount: 9.31, tax_amount: 1.89, tax_lines: DEPOSIT_LINES }),
      randomUUID(),
    );
    const read = await medium.services.expenses.get(userId, expense.id);
    expect(read.tax_amount).toBe(1.89);
    expect(read.tax_lines).toBeNull();
    // The correction the user makes with the form, the total sent as it was.
    const corrected = await medium.services.expenses.update(userId, expense.id, {
      vendor: 'real,-',
      amount: 9.31,
    });
    expect(corrected.vendor).toBe('real,-');
  });

  it('keeps no tax that is more than the total', async () => {
    const userId = await newAccount(medium.db.dataSource);
    const { expense, job } = await uploaded(userId);
    await medium.services.receipts.applyResult(
      reading(job, { amount: 4.05, tax_amount: 15.95, tax_lines: null }),
      randomUUID(),
    );
    const read = await medium.services.expenses.get(userId, expense.id);
    expect(read.amount).toBe(4.05);
    expect(read.tax_amount).toBeNull();
    await medium.services.expenses.update(userId, expense.id, { amount: 15.95 });
    expect((await medium.services.expenses.get(userId, expense.id)).amount).toBe(15.95);
  });
});

describe('editing the tax', () => {
  it('sets, checks and clears it, and a re-reading leaves a hand-set tax alone', async () => {
    const userId = await newAccount(medium.db.dataSource);
    const { expense, job } = await uploaded(userId);
    await medium.services.receipts.applyResult(
      reading(job, { tax_amount: 4.61, tax_lines: GERMAN_LINES }),
      randomUUID(),
    );
    // Lines alone: the tax becomes their sum.
    const lines = [GERMAN_LINES[0], { rate: 7, tax: 0.75, net: 10.57, gross: 11.32 }];
    const edited = await medium.services.expenses.update(userId, expense.id, { tax_lines: lines });
    expect(edited.tax_amount).toBe(4.62);
    expect(edited.tax_lines).toEqual(lines);
    expect(edited.edited_fields).toContain('tax_amount');
    // A tax alone that the lines no longer add up to drops them.
    const sumOnly = await medium.services.expenses.update(userId, expense.id, { tax_amount: 5 });
    expect(sumOnly).toMatchObject({ tax_amount: 5, tax_lines: null });

    const moreThanTotal = await refusal(
      medium.services.expenses.update(userId, expense.id, { tax_amount: 40 }),
    );
    expect(moreThanTotal.code).toBe('VALIDATION_FAILED');
    expect(moreThanTotal.message).toBe(TaxMessages.moreThanTotal);
    // Lowering the amount below the stored tax is refused the same way.
    expect(
      (await refusal(medium.services.expenses.update(userId, expense.id, { amount: 4 }))).message,
    ).toBe(TaxMessages.moreThanTotal);
    expect(
      (
        await refusal(
          medium.services.expenses.update(userId, expense.id, {
            tax_amount: 4,
            tax_lines: GERMAN_LINES,
          }),
        )
      ).message,
    ).toBe(TaxMessages.sumOfLines);

    // Re-extract: the reading's tax does not replace the one set by hand.
    await medium.services.receipts.reprocess(userId, expense.id, messageContext());
    const again = (await outboxEvents(medium.db.dataSource, OcrPatterns.process)) as {
      data: ProcessReceiptJob;
    }[];
    const rerun = again
      .map((e) => e.data)
      .filter((j) => j.expense_id === expense.id)
      .at(-1)!;
    await medium.services.receipts.applyResult(
      reading(rerun, { tax_amount: 1, tax_lines: [{ rate: 19, tax: 1, net: null, gross: null }] }),
      randomUUID(),
    );
    expect(await medium.services.expenses.get(userId, expense.id)).toMatchObject({
      tax_amount: 5,
      tax_lines: null,
    });

    const cleared = await medium.services.expenses.update(userId, expense.id, { tax_amount: null });
    expect(cleared).toMatchObject({ tax_amount: null, tax_lines: null });
  });
});

describe('Tax paid and exports', () => {
  it('sums the tax per entity and currency in the period, and export rows carry it', async () => {
    const userId = await newAccount(medium.db.dataSource);
    await medium.services.entities.create(userId, 'Acme GmbH');
    const today = new Date().toISOString().slice(0, 10);
    const make = async (entity: string, currency: string, amount: number, tax: number | null) => {
      const created = await medium.services.expenses.createExpense(userId, {
        vendor: 'Shop',
        amount,
        currency,
        expenseDate: today,
        entity,
        extractionMethod: 'manual',
      });
      if (tax !== null)
        await medium.services.expenses.update(userId, created.id, { tax_amount: tax });
    };
    await make('Acme GmbH', 'EUR', 35.55, 4.61);
    await make('Acme GmbH', 'EUR', 11.9, 1.9);
    await make('Acme GmbH', 'USD', 10.89, 0.89);
    await make('Personal', 'EUR', 5, 0.33);
    // Unknown tax is not counted, and is not a 0.
    await make('Acme GmbH', 'EUR', 100, null);

    const stats = await medium.services.statistics.statistics(userId, 'month', 'UTC');
    expect(stats.tax_paid).toEqual([
      { entity: 'Acme GmbH', currency: 'EUR', tax: 6.51, count: 2 },
      { entity: 'Personal', currency: 'EUR', tax: 0.33, count: 1 },
      { entity: 'Acme GmbH', currency: 'USD', tax: 0.89, count: 1 },
    ]);
    const other = await newAccount(medium.db.dataSource);
    expect((await medium.services.statistics.statistics(other, 'all', 'UTC')).tax_paid).toEqual([]);

    const exporter = new ExportService(medium.db.dataSource);
    const { rows } = await exporter.rows(userId, { limit: 100 });
    expect(rows.map((row) => row[14]).sort()).toEqual(['0.33', '0.89', '1.90', '4.61', null]);
    const page = await exporter.page(userId, { limit: 100 });
    expect(page.expenses.map((e) => e.tax_amount).sort()).toEqual([
      '0.33',
      '0.89',
      '1.90',
      '4.61',
      null,
    ]);
  });
});
