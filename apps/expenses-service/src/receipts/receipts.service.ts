import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  SplitMessages,
  OcrPatterns,
  QuotaMessages,
  contentTypeForReceiptKey,
  isPlausibleExpenseDate,
  isReceiptKeyOf,
  normalizeTaxLine,
  taxLinesAddUpTo,
  taxProblem,
  type TaxLine,
  type CreateReceiptExpenseRequest,
  type Expense,
  type MessageContext,
  type ProcessReceiptJob,
  type FieldEvidenceMap,
  type ReceiptFields,
  type ReceiptImageResponse,
  type ReceiptProcessedEvent,
} from '@snaptrack/contracts';
import { BusError, handleOnce, enqueueEvent, OutboxBus } from '@snaptrack/nest-rmq';
import { uniqueViolation } from '@snaptrack/nest-database';
import { EXPENSES_SCHEMA } from '../config/env.js';
import { provisionAccount } from '../accounts/accounts.service.js';
import { isPersonal } from '../entities/entity-names.js';
import { ExpensesService } from '../expenses/expenses.service.js';
import { HomeCurrencyService } from '../currency/home-currency.service.js';
import { fillProviderRates } from '../currency/provider-rates.js';
import { RatesSource } from '../currency/rates-source.js';
import { toExpense, type ExpenseRow } from '../expenses/expense-row.js';
import { ExpensesRepository } from '../expenses/expenses.repository.js';
import { flagDuplicate } from '../expenses/duplicate-rules.js';
import { ReceiptQuota } from './receipt-quota.js';
import { applyStoreChoices, recallStore } from '../stores/store-memory.js';

/** A reading with no answer after this long is taken as lost (a Retry may start another). */
const READING_LOST_AFTER = '15 minutes';

/** The answer to a re-read of an expense that has no receipt of its own to read. */
const NO_RECEIPT_DATA = 'No receipt image or text data available for this expense.';

/** The answer to a receipt whose file is not in the user's own folder (`receipts/<user>/`). */
export const RECEIPT_KEY_REFUSED = 'The receipt file is not stored in this account.';

/**
 * The expenses side of the receipt pipeline: an uploaded receipt becomes an expense in status
 * `processing` with its reading job in the outbox (one transaction), and the reader's result
 * fills the expense in, once, and only for the expense's current job.
 */
@Injectable()
export class ReceiptsService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(ExpensesService) private readonly expenses: ExpensesService,
    @Inject(OutboxBus) private readonly outbox: OutboxBus,
    @Inject(ReceiptQuota) private readonly quota: ReceiptQuota,
    @Inject(RatesSource) private readonly rates: RatesSource,
    @Inject(HomeCurrencyService) private readonly homeCurrency: HomeCurrencyService,
  ) {}

  async create(
    userId: string,
    request: CreateReceiptExpenseRequest,
    ctx: MessageContext,
  ): Promise<{ expense: Expense; replayed: boolean }> {
    // The sender (gateway or mail-ingest) names the file: only one in this user's own folder
    // may become their expense, or it could be read, shown and deleted as theirs.
    if (!isReceiptKeyOf(userId, request.storage_key)) {
      throw new BusError('FORBIDDEN', RECEIPT_KEY_REFUSED, { fields: ['storage_key'] });
    }
    try {
      const result = await this.dataSource.transaction(async (manager) => {
        const earlier = await this.byIdempotencyKey(manager, userId, request.idempotency_key);
        if (earlier) return { expense: earlier, replayed: true };
        const source = request.email ? 'mail' : 'upload';
        // A mail's first receipt also holds the raw message it came in (kept while it is).
        const bytes = (request.size_bytes ?? 0) + (request.email?.raw_mail_bytes ?? 0);
        await this.quota.assert(manager, userId, { upload: source === 'upload', bytes });
        // Personal always exists, but a receipt mailed right after sign-up can arrive before
        // auth.user.created.v1 has provisioned the account: provision it here too (idempotent).
        if (isPersonal(request.entity)) await provisionAccount(manager, userId);
        const jobId = randomUUID();
        const expense = await this.expenses.createExpense(
          userId,
          {
            entity: request.entity,
            // A mailed message without attachments is a text receipt: its card opens the
            // Email Receipt modal instead of an image.
            extractionMethod: request.content_type === 'text/plain' ? 'text' : 'image',
            emailSubject: request.email?.subject ?? null,
            // Until the receipt is read, a mailed one is dated when the shop sent it.
            expenseDate: request.email?.sent_at.slice(0, 10),
            status: 'processing',
            imageKey: request.storage_key,
            mailId: request.email?.mail_id ?? null,
            contentSha256: request.content_sha256,
            receipt: {
              source,
              bytes: request.size_bytes === undefined ? null : bytes,
              idempotencyKey: request.idempotency_key ?? null,
              jobId,
            },
          },
          manager,
        );
        const job = {
          jobId,
          expenseId: expense.id,
          storageKey: request.storage_key,
          entity: expense.entity,
        };
        await this.queueJob(manager, userId, job, ctx, request.locale);
        return { expense, replayed: false };
      });
      if (!result.replayed) this.outbox.kick();
      return result;
    } catch (error) {
      // Two uploads with one key at the same moment: the loser answers with the winner's expense.
      if (uniqueViolation(error) && request.idempotency_key) {
        const earlier = await this.byIdempotencyKey(
          this.dataSource.manager,
          userId,
          request.idempotency_key,
        );
        if (earlier) return { expense: earlier, replayed: true };
      }
      throw error;
    }
  }

  /**
   * Queues a new reading of the expense's receipt; the image is never touched. One reading at
   * a time: the expense is claimed by a conditional UPDATE (status not already `processing`),
   * so of two requests at the same moment only one starts a job, whatever the replicas. A
   * reading that has given no answer for READING_LOST_AFTER counts as lost and may be started
   * again. Each one counts in the hourly receipt quota with the uploads.
   */
  async reprocess(
    userId: string,
    id: string,
    ctx: MessageContext,
    locale?: string | null,
  ): Promise<Expense> {
    const expense = await this.dataSource.transaction(async (manager) => {
      const jobId = randomUUID();
      const claimed = await ExpensesRepository.claimForReading(
        manager,
        userId,
        id,
        jobId,
        READING_LOST_AFTER,
      );
      if (!claimed?.image_key) return refuseReprocess(manager, userId, id);
      // A new reading could change the total its parts add up to: the split goes first.
      if (claimed.parts?.length) {
        throw new BusError('CONFLICT', SplitMessages.rereadSplit);
      }
      // A key outside the user's folder (stored before keys were checked) is never read for
      // them: its text would become theirs. Throwing here rolls the claim back.
      if (!isReceiptKeyOf(userId, claimed.image_key)) {
        throw new BusError('VALIDATION_FAILED', NO_RECEIPT_DATA);
      }
      await this.quota.assert(manager, userId, { upload: true, bytes: 0, reread: true });
      await manager.query(
        `DELETE FROM "expenses"."receipt_rereads"
         WHERE "user_id" = $1 AND "created_at" < now() - interval '1 hour'`,
        [userId],
      );
      await manager.query(
        `INSERT INTO "expenses"."receipt_rereads" ("user_id", "expense_id") VALUES ($1, $2)`,
        [userId, id],
      );
      const job = { jobId, expenseId: id, storageKey: claimed.image_key, entity: claimed.entity };
      await this.queueJob(manager, userId, job, ctx, locale);
      return toExpense(claimed);
    });
    this.outbox.kick();
    return expense;
  }

  async image(userId: string, id: string): Promise<ReceiptImageResponse> {
    const key = await ExpensesRepository.imageKey(this.dataSource, userId, id);
    // A text receipt's stored text is not an image: the card shows it from raw_ocr_text. A key
    // outside the user's folder (stored before keys were checked) is never served.
    if (!key || !isReceiptKeyOf(userId, key) || contentTypeForReceiptKey(key) === 'text/plain') {
      throw new BusError('NOT_FOUND', 'No receipt image or text data available for this expense.');
    }
    return { storage_key: key, content_type: contentTypeForReceiptKey(key) };
  }

  /**
   * Applies a reading once per message, and only if it belongs to the expense's current job
   * (a Re-extract makes older results stale). Fields the user edited by hand stay theirs.
   */
  async applyResult(event: ReceiptProcessedEvent, messageId: string | undefined): Promise<void> {
    // Before the transaction (usually from its cache): no row waits on the network.
    const table = event.status === 'ready' ? await this.rates.current() : null;
    const work = async (manager: EntityManager) => {
      const home = await this.homeCurrency.code(event.user_id, manager);
      await applyReading(manager, event, home);
      // A foreign expense that got ready without a rate gets the rates source's.
      if (table) await fillProviderRates(manager, event.user_id, home, table, event.expense_id);
    };
    if (!messageId) {
      await this.dataSource.transaction(work);
      return;
    }
    await handleOnce(this.dataSource, EXPENSES_SCHEMA, messageId, OcrPatterns.processed, work);
  }

  /** Puts the reading job of an expense just claimed for it (`jobId`) in the outbox. */
  private async queueJob(
    manager: EntityManager,
    userId: string,
    reading: { jobId: string; expenseId: string; storageKey: string; entity: string | null },
    ctx: MessageContext,
    locale?: string | null,
  ): Promise<void> {
    // The request's locale (an upload or re-extract in the app) is the freshest evidence; a
    // mailed receipt has none, so the account's stored one stands in.
    locale ||= await this.homeCurrency.locale(userId, manager);
    const job: ProcessReceiptJob = {
      job_id: reading.jobId,
      expense_id: reading.expenseId,
      user_id: userId,
      entity: reading.entity,
      storage_key: reading.storageKey,
      content_type: contentTypeForReceiptKey(reading.storageKey),
      ...(locale ? { locale } : {}),
    };
    await enqueueEvent(manager, EXPENSES_SCHEMA, OcrPatterns.process, job, {
      requestId: ctx.requestId,
      userId,
    });
  }

  private async byIdempotencyKey(
    manager: EntityManager,
    userId: string,
    key: string | undefined,
  ): Promise<Expense | undefined> {
    if (!key) return undefined;
    const row = await ExpensesRepository.byIdempotencyKey(manager, userId, key);
    return row && toExpense(row);
  }
}

/** Why the expense could not be claimed for a new reading: each case in the spec's words. */
async function refuseReprocess(manager: EntityManager, userId: string, id: string): Promise<never> {
  const row = await ExpensesRepository.get(manager, userId, id);
  if (!row) throw new BusError('NOT_FOUND', 'Expense not found.');
  if (!row.image_key) {
    throw new BusError('VALIDATION_FAILED', NO_RECEIPT_DATA);
  }
  throw new BusError('CONFLICT', QuotaMessages.rereadRunning);
}

/**
 * A currency the receipt did not give is the account's home currency, flagged as assumed so that
 * the review queue asks for it (never a silent USD); the reader's own flags are kept.
 */
function withAssumedCurrency(
  fields: ReceiptFields | null,
  home: string,
): { currency: string | null; evidence: FieldEvidenceMap | null } {
  if (!fields) return { currency: null, evidence: null };
  const evidence: FieldEvidenceMap | null = fields.evidence ? { ...fields.evidence } : null;
  if (fields.currency) return { currency: fields.currency, evidence };
  return {
    currency: home,
    evidence: { ...evidence, currency: { confidence: 0, box: null, flag: 'assumed' } },
  };
}

/**
 * The tax a reading gives: its amount and lines, both null when it read none (unknown, never
 * 0). Held to the rule an edit is held to (`taxProblem`) against the total the expense keeps:
 * lines that do not add up to the tax or whose gross is more than the total are not kept (the
 * tax amount is), a tax more than the total is not kept at all. Kept, they would refuse every
 * later edit of the total, the user's correction of the vendor with it.
 */
function readTax(
  fields: ReceiptFields | null,
  total: string | null,
): { tax_amount: string | null; tax_lines: string | null } {
  const amount = fields?.tax_amount ?? null;
  if (amount === null) return { tax_amount: null, tax_lines: null };
  const lines = (fields?.tax_lines ?? []).map(normalizeTaxLine);
  const fits = (kept: TaxLine[] | null) =>
    total === null || taxProblem(Number(total), amount, kept) === null;
  if (!fits(null)) return { tax_amount: null, tax_lines: null };
  return {
    tax_amount: amount.toFixed(2),
    tax_lines: taxLinesAddUpTo(lines, amount) && fits(lines) ? JSON.stringify(lines) : null,
  };
}

/**
 * How sure a mailed text receipt's date is when only the mail gave it (the shop's send date):
 * below REVIEW_CONFIDENCE_THRESHOLD, so the expense waits in the review queue, shown as unsure.
 */
const MAIL_DATE_CONFIDENCE = 0.5;

/**
 * A date the receipt did not give, or gave but cannot be its purchase date (after the upload,
 * or decades before it: `isPlausibleExpenseDate`), is no date: NULL, flagged `not_read`, so the
 * expense shows "Date not read" and waits in the review queue. Never the upload day.
 *
 * One exception: an e-mailed text receipt (the mail is the receipt) keeps the date it came
 * with, the day the shop sent it (a forward's original, read by mail-ingest), as unsure
 * (MAIL_DATE_CONFIDENCE): evidence from the receipt itself, still put up for review. A photo
 * mailed as an attachment gets no such date: its mail is often the user's own, sent today.
 */
function withPlausibleDate(
  fields: ReceiptFields | null,
  evidence: FieldEvidenceMap | null,
  expense: Pick<ExpenseRow, 'created_at' | 'expense_date' | 'extraction_method'> | undefined,
): { expenseDate: string | null; evidence: FieldEvidenceMap | null } {
  if (!fields) return { expenseDate: null, evidence };
  const plausible = (date: string | null | undefined): date is string =>
    !!date && (!expense || isPlausibleExpenseDate(date, expense.created_at));
  if (plausible(fields.expense_date)) return { expenseDate: fields.expense_date, evidence };
  if (expense?.extraction_method === 'text' && plausible(expense.expense_date)) {
    return {
      expenseDate: expense.expense_date,
      evidence: { ...evidence, expense_date: { confidence: MAIL_DATE_CONFIDENCE, box: null } },
    };
  }
  return {
    expenseDate: null,
    evidence: { ...evidence, expense_date: { confidence: 0, box: null, flag: 'not_read' } },
  };
}

async function applyReading(
  manager: EntityManager,
  event: ReceiptProcessedEvent,
  home: string,
): Promise<void> {
  const fields = event.status === 'ready' ? event.fields : null;
  const assumed = withAssumedCurrency(fields, home);
  const expense = await ExpensesRepository.get(manager, event.user_id, event.expense_id);
  const dated = withPlausibleDate(fields, assumed.evidence, expense);
  const amount =
    fields?.amount === null || fields?.amount === undefined ? null : fields.amount.toFixed(2);
  // A store the user corrected before: their vendor, total line and currency (stores/).
  const read = {
    vendor: fields?.vendor || null,
    amount,
    currency: assumed.currency,
    evidence: dated.evidence,
  };
  const recalled = fields ? await recallStore(manager, event.user_id, event.raw_text, read) : null;
  const chosen = recalled?.values ?? read;
  const imageHashes = event.fingerprint?.image_hashes ?? [];
  const regionHashes = event.fingerprint?.region_hashes ?? [];
  const applied = await ExpensesRepository.applyReading(
    manager,
    { userId: event.user_id, expenseId: event.expense_id, jobId: event.job_id },
    {
      status: event.status,
      processing_error:
        event.status === 'failed' ? (event.error ?? 'The receipt could not be read.') : null,
      vendor: chosen.vendor,
      amount: chosen.amount,
      currency: chosen.currency,
      expense_date: dated.expenseDate,
      ocr_confidence: fields ? fields.confidence : null,
      raw_ocr_text: event.raw_text,
      field_evidence: chosen.evidence ? JSON.stringify(chosen.evidence) : null,
      image_hash: imageHashes[0] ?? null,
      region_hash: regionHashes[0] ?? null,
      text_hash: event.fingerprint?.text_hash ?? null,
      ...readTax(fields, chosen.amount),
    },
  );
  // Only a reading that landed: a stale one says nothing about the expense as it is now.
  if (!applied) return;
  await applyStoreChoices(manager, event.user_id, event.expense_id, recalled);
  await flagDuplicate(manager, event.user_id, event.expense_id, { imageHashes, regionHashes });
}
