import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import {
  OcrPatterns,
  type CreateReceiptExpenseRequest,
  type Expense,
  type ProcessReceiptJob,
} from '@snaptrack/contracts';
import { BusError } from '@snaptrack/nest-rmq';
import { mediumServices, messageContext, newAccount, outboxEvents } from './expenses-services.js';

// The store memory on a real Postgres (stores/store-memory.ts): a correction through
// ExpensesService.update teaches the store, the next reading of a receipt from it (applied by
// ReceiptsService as the bus would) comes out as the user wanted; per account only.

const medium = mediumServices();

/** A receipt of the Café Lumière in London, its header spelt as the reader got it. */
function lumiere(header: string, total: string): string {
  return [
    header,
    '12 Greek Street, London W1D 4DJ',
    'VAT Reg No: GB 123 4567 89',
    'Tel: +44 20 7946 0958',
    'Flat white 3.20',
    `TOTAL TO PAY ${total}`,
    'Card 9.99',
  ].join('\n');
}

/** Uploads a receipt for the user and applies a reading of `text` to it. */
async function receipt(
  userId: string,
  text: string,
  read: { vendor: string | null; amount: number | null; currency: string | null },
): Promise<Expense> {
  const request = {
    entity: 'Personal',
    storage_key: `receipts/${userId}/${randomUUID()}.jpg`,
    content_type: 'image/jpeg',
    content_sha256: randomUUID().replace(/-/g, ''),
    size_bytes: 1000,
  } as CreateReceiptExpenseRequest;
  const { expense } = await medium.services.receipts.create(userId, request, messageContext());
  const events = (await outboxEvents(medium.db.dataSource, OcrPatterns.process)) as {
    data: ProcessReceiptJob;
  }[];
  const job = events.map((event) => event.data).find((data) => data.expense_id === expense.id);
  if (!job) throw new Error('no reading job');
  await medium.services.receipts.applyResult(
    {
      job_id: job.job_id,
      expense_id: expense.id,
      user_id: userId,
      status: 'ready',
      fields: {
        ...read,
        expense_date: '2026-11-20',
        confidence: 0.6,
        evidence: {
          vendor: { confidence: 0.5, box: { x: 1, y: 1, width: 10, height: 10 } },
          amount: { confidence: 0.5, box: null },
        },
      },
      raw_text: text,
      error: null,
      method: 'tesseract',
    },
    randomUUID(),
  );
  return medium.services.expenses.get(userId, expense.id);
}

async function accountWithWork() {
  const userId = await newAccount(medium.db.dataSource);
  await medium.services.entities.create(userId, 'Work', null);
  return userId;
}

describe('a store corrected once', () => {
  it("comes out with the user's vendor, total line, currency, entity and tags", async () => {
    const userId = await accountWithWork();
    const first = await receipt(userId, lumiere('CAFE LUMIERE', '9.99'), {
      vendor: '12 Greek Street',
      amount: 3.2,
      currency: 'USD',
    });
    await medium.services.expenses.update(userId, first.id, {
      vendor: 'Café Lumière',
      amount: 9.99,
      currency: 'GBP',
      entity: 'Work',
      tags: ['Meals'],
    });

    const next = await receipt(userId, lumiere('C4FE LUMlERE LTD', '14.50'), {
      vendor: 'C4FE LUMlERE LTD',
      amount: 3.2,
      currency: 'USD',
    });
    expect(next).toMatchObject({
      vendor: 'Café Lumière',
      amount: 14.5,
      currency: 'GBP',
      entity: 'Work',
      tags: ['Meals'],
    });
    expect(next.field_evidence?.vendor).toEqual({
      confidence: 1,
      box: null,
      remembered: true,
    });
    expect(next.field_evidence?.currency).toMatchObject({ confidence: 1, remembered: true });
    const match = await medium.services.stores.expenseMatch(userId, next.id);
    expect(match.remembered).toEqual(['vendor', 'amount', 'currency', 'entity', 'tags']);
    expect(match.suggestion).toBeNull();

    const [store] = await medium.services.stores.list(userId);
    expect(store).toMatchObject({
      vendor: 'Café Lumière',
      currency: 'GBP',
      entity: 'Work',
      tags: ['Meals'],
      total_label: 'totaltopay',
      corrections: 1,
      receipts: 1,
    });
    expect(store.keys).toEqual(
      expect.arrayContaining([
        { kind: 'tax', value: 'GB123456789' },
        { kind: 'phone', value: '079460958' },
      ]),
    );
  });

  it('is never seen by another account', async () => {
    const owner = await accountWithWork();
    const first = await receipt(owner, lumiere('CAFE LUMIERE', '9.99'), {
      vendor: 'CAFE LUMIERE',
      amount: 9.99,
      currency: 'GBP',
    });
    await medium.services.expenses.update(owner, first.id, { vendor: 'Lumière (Soho)' });
    const [store] = await medium.services.stores.list(owner);

    const other = await accountWithWork();
    const theirs = await receipt(other, lumiere('CAFE LUMIERE', '9.99'), {
      vendor: 'CAFE LUMIERE',
      amount: 9.99,
      currency: 'GBP',
    });
    expect(theirs.vendor).toBe('CAFE LUMIERE');
    expect(await medium.services.stores.list(other)).toEqual([]);
    expect((await medium.services.stores.expenseMatch(other, theirs.id)).store).toBeNull();
    for (const attempt of [
      medium.services.stores.update(other, store.id, { vendor: 'Mine now' }),
      medium.services.stores.forget(other, store.id),
      medium.services.stores.expenseMatch(other, first.id),
    ]) {
      const error = await attempt.then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(BusError);
      expect((error as BusError).code).toBe('NOT_FOUND');
    }
    expect((await medium.services.stores.list(owner))[0].vendor).toBe('Lumière (Soho)');
  });

  it('is taught by a confirmation in the review queue too, as no correction', async () => {
    const userId = await accountWithWork();
    const first = await receipt(userId, lumiere('CAFE LUMIERE', '9.99'), {
      vendor: 'Café Lumière',
      amount: 9.99,
      currency: 'GBP',
    });
    expect(await medium.services.stores.list(userId)).toEqual([]);
    await medium.services.expenses.review(userId, first.id);
    await medium.services.expenses.review(userId, first.id);
    const [store] = await medium.services.stores.list(userId);
    expect(store).toMatchObject({
      vendor: 'Café Lumière',
      currency: 'GBP',
      total_label: 'totaltopay',
      corrections: 0,
      entity: null,
      tags: [],
    });

    // A worse photo of the next receipt: the header garbled, the total and currency misread.
    const next = await receipt(userId, lumiere('C4FE LUMlERE LTD', '14.50'), {
      vendor: 'C4FE LUMlERE LTD',
      amount: 3.2,
      currency: 'USD',
    });
    expect(next).toMatchObject({ vendor: 'Café Lumière', amount: 14.5, currency: 'GBP' });

    // A correction still wins: confirming a later receipt does not undo it.
    await medium.services.expenses.update(userId, next.id, { vendor: 'Lumière (Soho)' });
    const third = await receipt(userId, lumiere('CAFE LUMIERE', '5.00'), {
      vendor: 'CAFE LUMIERE',
      amount: 5,
      currency: 'GBP',
    });
    await medium.services.expenses.review(userId, third.id);
    expect((await medium.services.stores.list(userId))[0]).toMatchObject({
      vendor: 'Lumière (Soho)',
      corrections: 1,
    });
  });

  it('learns only the fields the user changed', async () => {
    const userId = await accountWithWork();
    const first = await receipt(userId, lumiere('CAFE LUMIERE', '9.99'), {
      vendor: 'CAFE LUMIERE',
      amount: 9.99,
      currency: 'GBP',
    });
    // The vendor and amount are sent as they are: only the date is a correction.
    await medium.services.expenses.update(userId, first.id, {
      vendor: 'CAFE LUMIERE',
      amount: 9.99,
      expense_date: '2026-11-19',
    });
    const [store] = await medium.services.stores.list(userId);
    expect(store).toMatchObject({
      vendor: null,
      currency: null,
      total_label: null,
      entity: null,
      tags: [],
    });
    const next = await receipt(userId, lumiere('CAFE LUMIERE', '5.00'), {
      vendor: 'CAFE LUMIERE',
      amount: 5,
      currency: 'EUR',
    });
    expect(next).toMatchObject({ vendor: 'CAFE LUMIERE', currency: 'EUR', amount: 5 });
  });

  it('suggests the entity and tags when the user chose differently, and applies what was set', async () => {
    const userId = await accountWithWork();
    const first = await receipt(userId, lumiere('CAFE LUMIERE', '9.99'), {
      vendor: 'CAFE LUMIERE',
      amount: 9.99,
      currency: 'GBP',
    });
    await medium.services.expenses.update(userId, first.id, { entity: 'Work', tags: ['Meals'] });
    const second = await receipt(userId, lumiere('CAFE LUMIERE', '4.00'), {
      vendor: 'CAFE LUMIERE',
      amount: 4,
      currency: 'GBP',
    });
    expect(second).toMatchObject({ entity: 'Work', tags: ['Meals'] });
    await medium.services.expenses.update(userId, second.id, {
      entity: 'Personal',
      tags: ['Travel'],
    });
    await medium.services.expenses.update(userId, first.id, { tags: ['Meals', 'Office'] });

    const third = await receipt(userId, lumiere('CAFE LUMIERE', '6.00'), {
      vendor: 'CAFE LUMIERE',
      amount: 6,
      currency: 'GBP',
    });
    expect(third).toMatchObject({ entity: 'Personal', tags: [] });
    const match = await medium.services.stores.expenseMatch(userId, third.id);
    expect(match.suggestion).toEqual({ entity: 'Work', tags: ['Meals'] });

    const [store] = await medium.services.stores.list(userId);
    const changed = await medium.services.stores.update(userId, store.id, {
      entity: 'Work',
      tags: ['Office'],
      currency: 'EUR',
    });
    expect(changed).toMatchObject({ entity: 'Work', tags: ['Office'], currency: 'EUR' });
    const fourth = await receipt(userId, lumiere('CAFE LUMIERE', '6.00'), {
      vendor: 'CAFE LUMIERE',
      amount: 6,
      currency: 'GBP',
    });
    expect(fourth).toMatchObject({ entity: 'Work', tags: ['Office'], currency: 'EUR' });

    await medium.services.stores.forget(userId, store.id);
    expect(await medium.services.stores.list(userId)).toEqual([]);
    const fifth = await receipt(userId, lumiere('CAFE LUMIERE', '6.00'), {
      vendor: 'CAFE LUMIERE',
      amount: 6,
      currency: 'GBP',
    });
    expect(fifth).toMatchObject({ entity: 'Personal', tags: [], currency: 'GBP' });
  });

  it('sets Personal on a store of an account not provisioned yet', async () => {
    const userId = randomUUID();
    const [{ id }] = await medium.db.dataSource.query<{ id: string }[]>(
      `INSERT INTO "expenses"."known_stores" ("user_id", "keys", "vendor")
       VALUES ($1, ARRAY['tax:DE123456789'], 'Sonne') RETURNING "id"`,
      [userId],
    );
    const store = await medium.services.stores.update(userId, id, { entity: 'Personal' });
    expect(store).toMatchObject({ vendor: 'Sonne', entity: 'Personal' });
  });

  it("keeps a printed currency when only the brand matched (the chain's shops abroad)", async () => {
    const userId = await accountWithWork();
    const london = await receipt(userId, 'STARBUCKS\n12 Greek Street\nTOTAL 4.10', {
      vendor: 'STARBUCKS',
      amount: 4.1,
      currency: 'USD',
    });
    await medium.services.expenses.update(userId, london.id, {
      vendor: 'Starbucks',
      currency: 'GBP',
    });
    // The same name and address line: a weak match. Its printed currency stands.
    const again = await receipt(userId, 'STARBUCKS\n12 Greek Street\nTOTAL 3.00', {
      vendor: 'STARBUCKS',
      amount: 3,
      currency: 'USD',
    });
    expect(again).toMatchObject({ vendor: 'Starbucks', currency: 'USD' });
  });
});
