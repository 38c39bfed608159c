import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  CurrencyMessages,
  ExpenseLimits,
  normalizeTaxLine,
  sumTaxLines,
  taxLinesAddUpTo,
  taxProblem,
  toCalendarDate,
  type Expense,
  type ExpenseChanges,
  type ExpenseListResponse,
  type ExpenseStatus,
  type ExtractionMethod,
  type ListExpensesRequest,
} from '@snaptrack/contracts';
import { BusError } from '@snaptrack/nest-rmq';
import { ensureTags } from '../tags/tag-catalog.js';
import { VersionedCache } from '../cache/versioned-cache.js';
import { HomeCurrencyService } from '../currency/home-currency.service.js';
import { fillProviderRates } from '../currency/provider-rates.js';
import { RatesSource } from '../currency/rates-source.js';
import { toExpense } from './expense-row.js';
import type { ExpenseFilter } from './expense-filter.js';
import {
  ExpensesRepository,
  type ExpensePatch,
  type LockedExpense,
} from './expenses.repository.js';
import { receiptMatches, searchEntities } from './expense-search.sql.js';
import { resplit } from './resplit.js';
import { learnFromConfirmation, learnFromCorrection } from '../stores/store-memory.js';

/** What the receipt pipeline (and the demo seed) hand to `createExpense`. */
export interface NewExpense {
  vendor?: string;
  /** A number with at most two decimals, or its decimal text. */
  amount?: number | string;
  currency?: string;
  /** YYYY-MM-DD; none when left out (a receipt not read yet), never the upload day. */
  expenseDate?: string;
  notes?: string | null;
  /** The name of one of the user's entities; null or blank for Unassigned. */
  entity?: string | null;
  tags?: string[];
  ocrConfidence?: number | null;
  imageKey?: string | null;
  /** mail-ingest's id of the message a mailed receipt came in. */
  mailId?: string | null;
  extractionMethod: ExtractionMethod;
  emailSubject?: string | null;
  rawOcrText?: string | null;
  status?: ExpenseStatus;
  processingError?: string | null;
  contentSha256?: string | null;
  /** For seeds that backdate rows; the clock otherwise. */
  createdAt?: Date;
  /** A receipt's bookkeeping: for the quotas, replays of an upload and its reading job. */
  receipt?: {
    source: 'upload' | 'mail';
    /** What it counts against the storage quota; null when the sender did not say. */
    bytes: number | null;
    idempotencyKey: string | null;
    jobId: string;
  };
}

@Injectable()
export class ExpensesService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(VersionedCache) private readonly cache: VersionedCache,
    @Inject(HomeCurrencyService) private readonly homeCurrency: HomeCurrencyService,
    @Inject(RatesSource) private readonly rates: RatesSource,
  ) {}

  /**
   * One page, newest first. The count is cached until the user's expenses change (it is the
   * same for every page of a filter); the page is always read fresh.
   */
  async list(userId: string, query: ListExpensesRequest): Promise<ExpenseListResponse> {
    const page = query.page ?? 1;
    const limit = query.limit ?? ExpenseLimits.defaultPageSize;
    // Resolved once for the count and the page, only when the count is not cached.
    let filter: Promise<ListExpensesRequest & ExpenseFilter> | undefined;
    const resolved = () => (filter ??= searchEntities(this.dataSource, userId, query));
    const total = await this.cache.get(userId, `count:${countKey(query)}`, async () =>
      ExpensesRepository.count(this.dataSource, userId, await resolved()),
    );
    const offset = (page - 1) * limit;
    const rows =
      offset < total
        ? await ExpensesRepository.page(this.dataSource, userId, await resolved(), {
            offset,
            limit,
            total,
          })
        : [];
    const totalPages = Math.ceil(total / limit);
    return {
      success: true,
      expenses: rows.map(toExpense),
      ...(await receiptMatches(this.dataSource, userId, rows, query.q)),
      pagination: {
        current_page: page,
        per_page: limit,
        total_count: total,
        total_pages: totalPages,
        has_next_page: page < totalPages,
        has_prev_page: page > 1,
      },
    };
  }

  async get(userId: string, id: string, manager: EntityManager = this.dataSource.manager) {
    const row = await ExpensesRepository.get(manager, userId, id);
    if (!row) throw notFound();
    return toExpense(row);
  }

  /**
   * Applies an inline edit. A failed expense the user fills in by hand becomes ready: the
   * numbers are now the user's, not the reader's. A foreign expense left without a rate gets
   * the rates source's, if the deployment has one.
   */
  async update(userId: string, id: string, changes: ExpenseChanges): Promise<Expense> {
    // Fetched (or read from its cache) before the transaction: no row waits on the network.
    const table = await this.rates.current();
    return this.dataSource.transaction(async (manager) => {
      const found = await ExpensesRepository.lockForUpdate(manager, userId, id);
      if (!found) throw notFound();
      const before = await ExpensesRepository.get(manager, userId, id);
      let patch: ExpensePatch = {};
      if (changes.currency !== undefined || changes.exchange_rate !== undefined) {
        const home = await this.homeCurrency.code(userId, manager);
        patch = currencyPatch(found.currency, home, changes);
      }
      if (changes.vendor !== undefined) patch.vendor = changes.vendor;
      if (changes.amount !== undefined) patch.amount = changes.amount.toFixed(2);
      if (changes.expense_date !== undefined) {
        // The request was validated: the date is a calendar date or a datetime.
        patch.expense_date = toCalendarDate(changes.expense_date) ?? undefined;
      }
      if (changes.notes !== undefined) patch.notes = changes.notes || null;
      if (changes.entity !== undefined) {
        patch.entity_id = await resolveEntity(manager, userId, changes.entity);
      }
      if (changes.tags !== undefined) patch.tags = await ensureTags(manager, userId, changes.tags);
      Object.assign(patch, taxPatch(found, changes));
      // A field the user set by hand is theirs: a later re-extraction leaves it alone.
      const edited = (
        ['vendor', 'amount', 'expense_date', 'currency', 'tax_amount'] as const
      ).filter(
        (field) =>
          changes[field] !== undefined ||
          (field === 'tax_amount' && changes.tax_lines !== undefined),
      );
      const changed = Object.keys(patch).length > 0 || edited.length > 0;
      if (found.status === 'failed' && changed) {
        patch.status = 'ready';
        patch.processing_error = null;
      }
      if (changed) {
        await ExpensesRepository.update(manager, userId, id, patch, edited);
        if (patch.amount !== undefined || patch.currency !== undefined) {
          const total = patch.amount ?? found.amount;
          const currency = patch.currency ?? found.currency;
          if (Number(total) !== Number(found.amount) || currency !== found.currency) {
            await resplit(manager, userId, id, Number(total), currency);
          }
        }
        if (table) {
          const home = await this.homeCurrency.code(userId, manager);
          await fillProviderRates(manager, userId, home, table, id);
        }
        // The receipt's store remembers what the user changed (stores/store-memory.ts).
        const after = await ExpensesRepository.get(manager, userId, id);
        if (before && after) await learnFromCorrection(manager, userId, id, before, after);
      }
      return this.get(userId, id, manager);
    });
  }

  /**
   * Confirms an expense in the review queue: it leaves the queue until a new reading of its
   * receipt comes in. Confirming twice keeps the first time. The receipt's store learns what
   * was confirmed (stores/store-memory.ts).
   */
  async review(userId: string, id: string): Promise<Expense> {
    await this.dataSource.transaction(async (manager) => {
      if (!(await ExpensesRepository.markReviewed(manager, userId, id))) throw notFound();
      const row = await ExpensesRepository.get(manager, userId, id);
      if (row) await learnFromConfirmation(manager, userId, id, row);
    });
    return this.get(userId, id);
  }

  /**
   * Keep both: the expense is not a duplicate after all. Clears the flag, and the expense is
   * never flagged again (a later reading leaves it alone).
   */
  async keepBoth(userId: string, id: string): Promise<Expense> {
    if (!(await ExpensesRepository.keepBoth(this.dataSource, userId, id))) throw notFound();
    return this.get(userId, id);
  }

  /**
   * The one way an expense comes into being (uploads, mail, seeds), in one insert. Resolves the
   * entity by name, files new tags in the catalogue, and points at an earlier expense with the
   * same image content when there is one (the duplicate warning).
   */
  async createExpense(
    userId: string,
    input: NewExpense,
    manager?: EntityManager,
  ): Promise<Expense> {
    if (!manager) {
      return this.dataSource.transaction((inner) => this.createExpense(userId, input, inner));
    }
    const amount = typeof input.amount === 'number' ? input.amount.toFixed(2) : input.amount;
    const createdAt = input.createdAt ?? new Date();
    const row = await ExpensesRepository.insert(manager, {
      id: randomUUID(),
      user_id: userId,
      vendor: input.vendor?.trim() ?? '',
      amount: amount ?? '0',
      currency: input.currency ?? 'USD',
      // A receipt being read has no date until the reading gives one (never the upload day).
      expense_date: input.expenseDate ?? null,
      notes: input.notes ?? null,
      entity_id: await resolveEntity(manager, userId, input.entity ?? null),
      tags: await ensureTags(manager, userId, input.tags ?? []),
      ocr_confidence: input.ocrConfidence ?? null,
      image_key: input.imageKey ?? null,
      extraction_method: input.extractionMethod,
      email_subject: input.emailSubject ?? null,
      raw_ocr_text: input.rawOcrText ?? null,
      status: input.status ?? 'ready',
      processing_error: input.processingError ?? null,
      content_sha256: input.contentSha256 ?? null,
      mail_id: input.mailId ?? null,
      idempotency_key: input.receipt?.idempotencyKey ?? null,
      receipt_source: input.receipt?.source ?? null,
      receipt_bytes: input.receipt?.bytes ?? null,
      ocr_job_id: input.receipt?.jobId ?? null,
      created_at: createdAt,
    });
    return toExpense(row);
  }
}

/** The cache key of a filter's count: the same for every page of it. */
function countKey(query: ListExpensesRequest): string {
  const { page: _page, limit: _limit, ...filter } = query;
  return JSON.stringify(filter);
}

/** An entity name to its id; blank or null is Unassigned; an unknown name is refused. */
export async function resolveEntity(
  manager: EntityManager,
  userId: string,
  name: string | null,
): Promise<string | null> {
  if (name === null || name.trim() === '') return null;
  const rows: { id: string }[] = await manager.query(
    `SELECT "id" FROM "expenses"."entities" WHERE "user_id" = $1 AND lower("name") = lower($2)`,
    [userId, name.trim()],
  );
  if (!rows[0]) {
    throw new BusError(
      'VALIDATION_FAILED',
      `There is no entity named '${name.trim()}'. Add it in Settings first.`,
      { fields: ['entity'] },
    );
  }
  return rows[0].id;
}

export function notFound(): BusError {
  return new BusError('NOT_FOUND', 'Expense not found.');
}

/**
 * The currency and rate columns of an edit. A rate converts into the home currency, so it is
 * refused for an expense in the home currency, stored with the home currency it converts
 * into, and dropped when the currency changes without a new one.
 */
function currencyPatch(current: string, home: string, changes: ExpenseChanges): ExpensePatch {
  const currency = changes.currency ?? current;
  const patch: ExpensePatch = currency === current ? {} : { currency };
  const rate = changes.exchange_rate;
  if (rate !== undefined && rate !== null) {
    if (currency === home)
      throw new BusError('VALIDATION_FAILED', CurrencyMessages.rateForHomeCurrency);
    return {
      ...patch,
      exchange_rate: rate.toFixed(10),
      rate_currency: home,
      rate_source: 'user',
      rate_date: null,
    };
  }
  if (rate === null || currency !== current || currency === home) {
    return {
      ...patch,
      exchange_rate: null,
      rate_currency: null,
      rate_source: null,
      rate_date: null,
    };
  }
  return patch;
}

/**
 * The tax columns an edit sets, checked with the one rule the edit form applies too
 * (`taxProblem`): against the new amount or the stored one. Lines alone set the tax to their
 * sum; a tax amount alone drops stored lines that no longer add up to it; null clears both.
 */
function taxPatch(
  found: LockedExpense,
  changes: ExpenseChanges,
): Pick<ExpensePatch, 'tax_amount' | 'tax_lines'> {
  const touched =
    changes.tax_amount !== undefined ||
    changes.tax_lines !== undefined ||
    changes.amount !== undefined;
  if (!touched) return {};
  const amount = changes.amount ?? Number(found.amount);
  let taxAmount = found.tax_amount === null ? null : Number(found.tax_amount);
  let lines = found.tax_lines;
  if (changes.tax_lines !== undefined) {
    lines = changes.tax_lines?.length ? changes.tax_lines.map(normalizeTaxLine) : null;
    if (changes.tax_amount === undefined && lines) taxAmount = sumTaxLines(lines);
  }
  if (changes.tax_amount !== undefined) {
    taxAmount = changes.tax_amount;
    if (
      taxAmount === null ||
      (changes.tax_lines === undefined && !!lines?.length && !taxLinesAddUpTo(lines, taxAmount))
    ) {
      lines = null;
    }
  }
  const problem = taxProblem(amount, taxAmount, lines);
  if (problem) throw new BusError('VALIDATION_FAILED', problem);
  if (changes.tax_amount === undefined && changes.tax_lines === undefined) return {};
  return {
    tax_amount: taxAmount === null ? null : taxAmount.toFixed(2),
    tax_lines: lines ? JSON.stringify(lines) : null,
  };
}
