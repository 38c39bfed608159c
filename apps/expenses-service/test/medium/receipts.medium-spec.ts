import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from '@jest/globals';
import {
  OcrPatterns,
  QuotaMessages,
  type CreateReceiptExpenseRequest,
  type ProcessReceiptJob,
  type ReceiptProcessedEvent,
} from '@snaptrack/contracts';
import { BusError } from '@snaptrack/nest-rmq';
import { ExpensesRepository } from '../../src/expenses/expenses.repository.js';
import { RECEIPT_KEY_REFUSED } from '../../src/receipts/receipts.service.js';
import {
  expensesServices,
  mediumServices,
  messageContext,
  newAccount,
  outboxEvents,
} from './expenses-services.js';

// ReceiptsService on a real Postgres, without the bus: what an upload or a mailed receipt
// writes, the reading job it queues (read from the outbox), how a reading is applied, and
// Re-extract. The reader itself (ocr-service) and the gateway's HTTP are the full stack's.

const medium = mediumServices();

function upload(userId: string, extra: Partial<CreateReceiptExpenseRequest> = {}) {
  return {
    entity: 'Personal',
    storage_key: `receipts/${userId}/${randomUUID()}.jpg`,
    content_type: 'image/jpeg',
    content_sha256: randomUUID().replace(/-/g, ''),
    size_bytes: 1000,
    ...extra,
  } as CreateReceiptExpenseRequest;
}

/** The stored row, with the columns the API does not show. */
async function stored(id: string) {
  const rows: Record<string, unknown>[] = await medium.db.dataSource.query(
    `SELECT "status", "image_key", "idempotency_key", "receipt_source", "receipt_bytes"::int,
       "ocr_job_id", "mail_id", "extraction_method", "expense_date"::text, "email_subject"
     FROM "expenses"."expenses" WHERE "id" = $1`,
    [id],
  );
  return rows[0];
}

async function jobsFor(expenseId: string): Promise<ProcessReceiptJob[]> {
  const events = (await outboxEvents(medium.db.dataSource, OcrPatterns.process)) as {
    data: ProcessReceiptJob;
  }[];
  return events.map((event) => event.data).filter((job) => job.expense_id === expenseId);
}

function reading(
  job: ProcessReceiptJob,
  fields: Partial<NonNullable<ReceiptProcessedEvent['fields']>> | null,
): ReceiptProcessedEvent {
  return {
    job_id: job.job_id,
    expense_id: job.expense_id,
    user_id: job.user_id,
    status: fields ? 'ready' : 'failed',
    fields: fields && {
      vendor: null,
      amount: null,
      currency: null,
      expense_date: null,
      confidence: 0.9,
      ...fields,
    },
    raw_text: fields ? 'TEXT' : null,
    error: fields ? null : 'No total found.',
    method: 'tesseract',
  };
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(BusError);
  return error as BusError;
}

describe('a new receipt', () => {
  it('becomes a processing expense with every receipt column, and one reading job', async () => {
    const userId = await newAccount(medium.db.dataSource);
    const request = upload(userId, { idempotency_key: 'key-1', locale: 'en-GB' });
    const { expense, replayed } = await medium.services.receipts.create(
      userId,
      request,
      messageContext(),
    );
    expect(replayed).toBe(false);
    expect(expense).toMatchObject({
      status: 'processing',
      entity: 'Personal',
      extraction_method: 'image',
      image_url: `/api/expenses/${expense.id}/image`,
      duplicate_of: null,
    });
    const row = await stored(expense.id);
    expect(row).toMatchObject({
      image_key: request.storage_key,
      idempotency_key: 'key-1',
      receipt_source: 'upload',
      receipt_bytes: 1000,
    });
    expect(await jobsFor(expense.id)).toEqual([
      {
        job_id: row.ocr_job_id,
        expense_id: expense.id,
        user_id: userId,
        entity: 'Personal',
        storage_key: request.storage_key,
        content_type: 'image/jpeg',
        locale: 'en-GB',
      },
    ]);
  });

  it('answers a retry with the same key with the first expense, writing nothing more', async () => {
    const userId = await newAccount(medium.db.dataSource);
    const first = await medium.services.receipts.create(
      userId,
      upload(userId, { idempotency_key: 'again' }),
      messageContext(),
    );
    const second = await medium.services.receipts.create(
      userId,
      upload(userId, { idempotency_key: 'again' }),
      messageContext(),
    );
    expect(second).toEqual({ expense: first.expense, replayed: true });
    const list = await medium.services.expenses.list(userId, {});
    expect(list.pagination.total_count).toBe(1);
    expect(await jobsFor(first.expense.id)).toHaveLength(1);
  });

  it('points an exact copy of an earlier receipt at it as a possible duplicate', async () => {
    const userId = await newAccount(medium.db.dataSource);
    const sha = 'a'.repeat(64);
    const first = await medium.services.receipts.create(
      userId,
      upload(userId, { content_sha256: sha }),
      messageContext(),
    );
    const copy = await medium.services.receipts.create(
      userId,
      upload(userId, { content_sha256: sha }),
      messageContext(),
    );
    expect(first.expense.duplicate_of).toBeNull();
    expect(copy.expense.duplicate_of).toBe(first.expense.id);
    // Another account's copy is not a duplicate of this one's.
    const other = await newAccount(medium.db.dataSource);
    const theirs = await medium.services.receipts.create(
      other,
      upload(other, { content_sha256: sha }),
      messageContext(),
    );
    expect(theirs.expense.duplicate_of).toBeNull();
  });

  it('refuses a file outside the user’s own folder and writes nothing', async () => {
    const userId = await newAccount(medium.db.dataSource);
    const other = randomUUID();
    const error = await refusal(
      medium.services.receipts.create(
        userId,
        upload(userId, { storage_key: `receipts/${other}/${randomUUID()}.jpg` }),
        messageContext(),
      ),
    );
    expect(error.code).toBe('FORBIDDEN');
    expect(error.message).toBe(RECEIPT_KEY_REFUSED);
    expect((await medium.services.expenses.list(userId, {})).pagination.total_count).toBe(0);
  });

  it('makes a mailed text receipt, dated when sent, in an account not provisioned yet', async () => {
    const userId = randomUUID();
    await medium.services.homeCurrency.set(userId, { home_currency: 'EUR', locale: 'de-DE' });
    const mailId = randomUUID();
    const { expense } = await medium.services.receipts.create(
      userId,
      upload(userId, {
        storage_key: `receipts/${userId}/mail-${mailId}-1.txt`,
        content_type: 'text/plain',
        size_bytes: 300,
        email: {
          subject: 'Your receipt',
          from: 'shop@example.com',
          sent_at: '2026-02-03T10:00:00Z',
          mail_id: mailId,
          raw_mail_bytes: 700,
        },
      }),
      messageContext(),
    );
    expect(expense).toMatchObject({
      entity: 'Personal',
      extraction_method: 'text',
      expense_date: '2026-02-03',
      email_subject: 'Your receipt',
    });
    expect(await stored(expense.id)).toMatchObject({
      receipt_source: 'mail',
      receipt_bytes: 1000,
      mail_id: mailId,
    });
    // No locale came with it: the account's stands in.
    const [job] = await jobsFor(expense.id);
    expect(job).toMatchObject({ content_type: 'text/plain', locale: 'de-DE' });
  });
});

describe('a reading', () => {
  async function readyReceipt(userId: string) {
    const { expense } = await medium.services.receipts.create(
      userId,
      upload(userId),
      messageContext(),
    );
    const [job] = await jobsFor(expense.id);
    return { expense, job };
  }

  it('fills in the fields read, once per message, flagged for review when unsure', async () => {
    const userId = await newAccount(medium.db.dataSource);
    const { expense, job } = await readyReceipt(userId);
    const messageId = randomUUID();
    const event = reading(job, {
      vendor: 'Corner Shop',
      amount: 12.5,
      currency: 'USD',
      expense_date: '2026-03-01',
      confidence: 0.4,
    });
    await medium.services.receipts.applyResult(event, messageId);
    const read = await medium.services.expenses.get(userId, expense.id);
    expect(read).toMatchObject({
      status: 'ready',
      vendor: 'Corner Shop',
      amount: 12.5,
      currency: 'USD',
      expense_date: '2026-03-01',
      ocr_confidence: 0.4,
      raw_ocr_text: 'TEXT',
      reviewed_at: null,
    });
    const queue = await medium.services.expenses.list(userId, { review: 'needed' });
    expect(queue.expenses.map((e) => e.id)).toEqual([expense.id]);
    // The same message again (a redelivery) changes nothing, even after an edit.
    await medium.services.expenses.update(userId, expense.id, { notes: 'kept' });
    await medium.services.receipts.applyResult(
      { ...event, status: 'failed', fields: null },
      messageId,
    );
    expect(await medium.services.expenses.get(userId, expense.id)).toMatchObject({
      status: 'ready',
      notes: 'kept',
    });
  });

  it('assumes the home currency when none was read, and says so', async () => {
    const userId = await newAccount(medium.db.dataSource);
    await medium.services.homeCurrency.set(userId, { home_currency: 'GBP' });
    const { expense, job } = await readyReceipt(userId);
    await medium.services.receipts.applyResult(
      reading(job, { vendor: 'Tesco', amount: 8.3 }),
      undefined,
    );
    const read = await medium.services.expenses.get(userId, expense.id);
    expect(read.currency).toBe('GBP');
    expect(read.field_evidence?.currency).toEqual({ confidence: 0, box: null, flag: 'assumed' });
  });

  it('marks a receipt that could not be read failed, with the reason', async () => {
    const userId = await newAccount(medium.db.dataSource);
    const { expense, job } = await readyReceipt(userId);
    await medium.services.receipts.applyResult(reading(job, null), undefined);
    expect(await medium.services.expenses.get(userId, expense.id)).toMatchObject({
      status: 'failed',
      processing_error: 'No total found.',
    });
  });

  it('is ignored when a newer reading was started, and keeps fields the user set', async () => {
    const userId = await newAccount(medium.db.dataSource);
    const { expense, job } = await readyReceipt(userId);
    await medium.services.receipts.applyResult(
      reading(job, { vendor: 'First', amount: 1 }),
      undefined,
    );
    await medium.services.expenses.update(userId, expense.id, { vendor: 'Mine', currency: 'USD' });
    await medium.services.receipts.reprocess(userId, expense.id, messageContext());
    const [, second] = await jobsFor(expense.id);
    expect(second.job_id).not.toBe(job.job_id);
    // The first job's late answer is stale.
    await medium.services.receipts.applyResult(reading(job, { amount: 99 }), undefined);
    expect(await medium.services.expenses.get(userId, expense.id)).toMatchObject({
      status: 'processing',
      amount: 1,
    });
    await medium.services.receipts.applyResult(
      reading(second, { vendor: 'Reader', amount: 2, currency: 'EUR' }),
      undefined,
    );
    expect(await medium.services.expenses.get(userId, expense.id)).toMatchObject({
      status: 'ready',
      vendor: 'Mine',
      currency: 'USD',
      amount: 2,
      edited_fields: expect.arrayContaining(['vendor', 'currency']),
    });
  });
});

describe('Re-extract', () => {
  it('queues a new reading once; a second one waits, unless the first is lost', async () => {
    const userId = await newAccount(medium.db.dataSource);
    const { expense } = await medium.services.receipts.create(
      userId,
      upload(userId),
      messageContext(),
    );
    const [job] = await jobsFor(expense.id);
    await medium.services.receipts.applyResult(
      reading(job, { vendor: 'Shop', amount: 3 }),
      undefined,
    );
    const again = await medium.services.receipts.reprocess(
      userId,
      expense.id,
      messageContext(),
      'fr-FR',
    );
    expect(again).toMatchObject({ id: expense.id, status: 'processing', processing_error: null });
    const jobs = await jobsFor(expense.id);
    expect(jobs).toHaveLength(2);
    expect(jobs[1]).toMatchObject({ locale: 'fr-FR', entity: 'Personal' });
    const running = await refusal(
      medium.services.receipts.reprocess(userId, expense.id, messageContext()),
    );
    expect([running.code, running.message]).toEqual(['CONFLICT', QuotaMessages.rereadRunning]);
    // A reading silent for over 15 minutes counts as lost.
    await medium.db.dataSource.query(
      `UPDATE "expenses"."expenses" SET "updated_at" = now() - interval '16 minutes' WHERE "id" = $1`,
      [expense.id],
    );
    await medium.services.receipts.reprocess(userId, expense.id, messageContext());
    expect(await jobsFor(expense.id)).toHaveLength(3);
  });

  it("refuses an expense with no receipt, and another account's", async () => {
    const userId = await newAccount(medium.db.dataSource);
    const typed = await medium.services.expenses.createExpense(userId, {
      extractionMethod: 'manual',
      vendor: 'Typed',
    });
    const none = await refusal(
      medium.services.receipts.reprocess(userId, typed.id, messageContext()),
    );
    expect([none.code, none.message]).toEqual([
      'VALIDATION_FAILED',
      'No receipt image or text data available for this expense.',
    ]);
    const { expense } = await medium.services.receipts.create(
      userId,
      upload(userId),
      messageContext(),
    );
    const stranger = await newAccount(medium.db.dataSource);
    const theirs = await refusal(
      medium.services.receipts.reprocess(stranger, expense.id, messageContext()),
    );
    expect(theirs.code).toBe('NOT_FOUND');
    expect((await refusal(medium.services.receipts.image(stranger, expense.id))).code).toBe(
      'NOT_FOUND',
    );
    expect(await medium.services.receipts.image(userId, expense.id)).toEqual({
      storage_key: (await stored(expense.id)).image_key,
      content_type: 'image/jpeg',
    });
  });
});

describe('the receipt quotas', () => {
  let limited: ReturnType<typeof expensesServices>;

  beforeAll(() => {
    limited = expensesServices(medium.db.dataSource, {
      UPLOADS_PER_HOUR: 3,
      STORAGE_BYTES_PER_USER: 2500,
    });
  });

  it('refuse an upload once the hour is used up, with the wait, and write nothing', async () => {
    const userId = await newAccount(medium.db.dataSource);
    for (let index = 0; index < 3; index += 1) {
      await limited.receipts.create(userId, upload(userId, { size_bytes: 1 }), messageContext());
    }
    expect(await limited.quota.allowance(userId).catch((error: BusError) => error.code)).toBe(
      'RATE_LIMITED',
    );
    const refused = await refusal(
      limited.receipts.create(userId, upload(userId, { size_bytes: 1 }), messageContext()),
    );
    expect(refused.code).toBe('RATE_LIMITED');
    expect(refused.message).toBe(QuotaMessages.uploadsPerHour(3));
    const retryAfter = (refused.details as { retry_after_seconds: number }).retry_after_seconds;
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect((await limited.expenses.list(userId, {})).pagination.total_count).toBe(3);
    // Mailed receipts have mail-ingest's own quota.
    const mailed = upload(userId, {
      size_bytes: 1,
      email: { subject: null, from: null, sent_at: '2026-01-01T00:00:00Z' },
    });
    await limited.receipts.create(userId, mailed, messageContext());
  });

  it('count re-extractions with the uploads, and refuse one before it changes anything', async () => {
    const userId = await newAccount(medium.db.dataSource);
    const ids: string[] = [];
    for (let index = 0; index < 2; index += 1) {
      const { expense } = await limited.receipts.create(
        userId,
        upload(userId, { size_bytes: 1 }),
        messageContext(),
      );
      const [job] = await jobsFor(expense.id);
      await limited.receipts.applyResult(reading(job, { vendor: 'Shop', amount: 1 }), undefined);
      ids.push(expense.id);
    }
    await limited.receipts.reprocess(userId, ids[0], messageContext());
    const refused = await refusal(limited.receipts.reprocess(userId, ids[1], messageContext()));
    expect([refused.code, refused.message]).toEqual([
      'RATE_LIMITED',
      QuotaMessages.rereadsPerHour(3),
    ]);
    expect((await limited.expenses.get(userId, ids[1])).status).toBe('ready');
    expect(await jobsFor(ids[1])).toHaveLength(1);
    expect(
      (await refusal(limited.receipts.create(userId, upload(userId), messageContext()))).code,
    ).toBe('RATE_LIMITED');
  });

  it('refuse a receipt that would overfill the storage, and free a deleted one’s bytes', async () => {
    const userId = await newAccount(medium.db.dataSource);
    const { expense } = await limited.receipts.create(
      userId,
      upload(userId, { size_bytes: 2000 }),
      messageContext(),
    );
    const full = await refusal(
      limited.receipts.create(userId, upload(userId, { size_bytes: 1000 }), messageContext()),
    );
    expect([full.code, full.message]).toEqual([
      'STORAGE_QUOTA_EXCEEDED',
      QuotaMessages.storageFull(2500),
    ]);
    expect(full.details).toMatchObject({ limit_bytes: 2500, used_bytes: 2000 });
    await ExpensesRepository.remove(medium.db.dataSource, userId, expense.id);
    await limited.receipts.create(userId, upload(userId, { size_bytes: 1000 }), messageContext());
  });
});
