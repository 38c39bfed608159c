import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  CurrencyMessages,
  ExpenseLimits,
  toCalendarDate,
  type Expense,
  type ExpenseChanges,
  type ExpenseListResponse,
  type ExpenseStatus,
  type ExtractionMethod,
  type ListExpensesRequest,
} from '@snaptrack/contracts';
import { BusError } from '@snaptrack/nest-rmq';
import { SqlParams } from '../database/sql-params.js';
import { ensureTags } from '../tags/tag-catalog.js';
import { VersionedCache } from '../cache/versioned-cache.js';
import { HomeCurrencyService } from '../currency/home-currency.service.js';
import { fillProviderRates } from '../currency/provider-rates.js';
import { RatesSource } from '../currency/rates-source.js';
import { expenseCountSql, expensePageSql } from './expense-list.sql.js';
import { receiptMatches } from './expense-search.sql.js';
import { EXPENSE_COLUMNS, toExpense, type ExpenseRow } from './expense.mapper.js';

/** What the receipt pipeline (and the demo seed) hand to `createExpense`. */
export interface NewExpense {
  vendor?: string;
  /** A number with at most two decimals, or its decimal text. */
  amount?: number | string;
  currency?: string;
  /** YYYY-MM-DD; today (UTC) when left out. */
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
    const count = expenseCountSql(userId, query);
    const total = await this.cache.get(
      userId,
      `count:${JSON.stringify(count.params)}`,
      async () => {
        const rows: { total: number }[] = await this.dataSource.query(count.sql, count.params);
        return rows[0]?.total ?? 0;
      },
    );
    const offset = (page - 1) * limit;
    let rows: ExpenseRow[] = [];
    if (offset < total) {
      const built = expensePageSql(userId, query, { offset, limit, total });
      rows = await this.dataSource.query(built.sql, built.params);
    }
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
    const rows: ExpenseRow[] = await manager.query(
      `SELECT ${EXPENSE_COLUMNS} FROM "expenses"."expenses" e
       LEFT JOIN "expenses"."entities" n ON n."id" = e."entity_id"
       WHERE e."id" = $1 AND e."user_id" = $2`,
      [id, userId],
    );
    const row = rows[0];
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
      const found: { status: ExpenseStatus; currency: string }[] = await manager.query(
        `SELECT "status", "currency" FROM "expenses"."expenses"
         WHERE "id" = $1 AND "user_id" = $2 FOR UPDATE`,
        [id, userId],
      );
      if (!found[0]) throw notFound();
      const params = new SqlParams();
      const sets: string[] = [];
      if (changes.currency !== undefined || changes.exchange_rate !== undefined) {
        const home = await this.homeCurrency.code(userId, manager);
        sets.push(...currencySets(found[0].currency, home, changes, params));
      }
      if (changes.vendor !== undefined) sets.push(`"vendor" = ${params.add(changes.vendor)}`);
      if (changes.amount !== undefined) {
        sets.push(`"amount" = ${params.add(changes.amount.toFixed(2))}`);
      }
      if (changes.expense_date !== undefined) {
        sets.push(`"expense_date" = ${params.add(toCalendarDate(changes.expense_date))}`);
      }
      if (changes.notes !== undefined) sets.push(`"notes" = ${params.add(changes.notes || null)}`);
      if (changes.entity !== undefined) {
        const entityId = await resolveEntity(manager, userId, changes.entity);
        sets.push(`"entity_id" = ${params.add(entityId)}`);
      }
      if (changes.tags !== undefined) {
        const tags = await ensureTags(manager, userId, changes.tags);
        sets.push(`"tags" = ${params.add(tags)}::text[]`);
      }
      // A field the user set by hand is theirs: a later re-extraction leaves it alone.
      const edited = (['vendor', 'amount', 'expense_date', 'currency'] as const).filter(
        (field) => changes[field] !== undefined,
      );
      if (edited.length > 0) {
        sets.push(
          `"edited_fields" = ARRAY(SELECT DISTINCT unnest("edited_fields" || ${params.add(edited)}::text[]))`,
        );
      }
      if (found[0].status === 'failed' && sets.length > 0) {
        sets.push(`"status" = 'ready'`, `"processing_error" = NULL`);
      }
      if (sets.length > 0) {
        sets.push(`"updated_at" = now()`);
        await manager.query(
          `UPDATE "expenses"."expenses" SET ${sets.join(', ')}
           WHERE "id" = ${params.add(id)} AND "user_id" = ${params.add(userId)}`,
          params.values,
        );
        if (table) {
          const home = await this.homeCurrency.code(userId, manager);
          await fillProviderRates(manager, userId, home, table, id);
        }
      }
      return this.get(userId, id, manager);
    });
  }

  /**
   * Confirms an expense in the review queue: it leaves the queue until a new reading of its
   * receipt comes in. Confirming twice keeps the first time.
   */
  async review(userId: string, id: string): Promise<Expense> {
    const rows: unknown[] = await this.dataSource.query(
      `UPDATE "expenses"."expenses" SET "reviewed_at" = coalesce("reviewed_at", now())
       WHERE "id" = $1 AND "user_id" = $2 RETURNING "id"`,
      [id, userId],
    );
    if (rows.length === 0) throw notFound();
    return this.get(userId, id);
  }

  /**
   * The one way an expense comes into being (uploads, mail, seeds). Resolves the entity by
   * name, files new tags in the catalogue, and points at an earlier expense with the same image
   * content when there is one (the duplicate warning).
   */
  async createExpense(
    userId: string,
    input: NewExpense,
    manager?: EntityManager,
  ): Promise<Expense> {
    if (!manager) {
      return this.dataSource.transaction((inner) => this.createExpense(userId, input, inner));
    }
    const id = randomUUID();
    const entityId = await resolveEntity(manager, userId, input.entity ?? null);
    const tags = await ensureTags(manager, userId, input.tags ?? []);
    const duplicate: { id: string }[] = input.contentSha256
      ? await manager.query(
          `SELECT "id" FROM "expenses"."expenses" WHERE "user_id" = $1 AND "content_sha256" = $2
           ORDER BY "created_at" LIMIT 1`,
          [userId, input.contentSha256],
        )
      : [];
    const amount = typeof input.amount === 'number' ? input.amount.toFixed(2) : input.amount;
    const createdAt = input.createdAt ?? new Date();
    await manager.query(
      `INSERT INTO "expenses"."expenses" ("id", "user_id", "vendor", "amount", "currency",
         "expense_date", "notes", "entity_id", "tags", "ocr_confidence", "image_key",
         "extraction_method", "email_subject", "raw_ocr_text", "status", "processing_error",
         "content_sha256", "duplicate_of", "created_at", "updated_at", "mail_id")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::text[], $10, $11, $12, $13, $14, $15, $16,
         $17, $18, $19, $19, $20)`,
      [
        id,
        userId,
        input.vendor?.trim() ?? '',
        amount ?? '0',
        input.currency ?? 'USD',
        input.expenseDate ?? createdAt.toISOString().slice(0, 10),
        input.notes ?? null,
        entityId,
        tags,
        input.ocrConfidence ?? null,
        input.imageKey ?? null,
        input.extractionMethod,
        input.emailSubject ?? null,
        input.rawOcrText ?? null,
        input.status ?? 'ready',
        input.processingError ?? null,
        input.contentSha256 ?? null,
        duplicate[0]?.id ?? null,
        createdAt,
        input.mailId ?? null,
      ],
    );
    return this.get(userId, id, manager);
  }
}

/** An entity name to its id; blank or null is Unassigned; an unknown name is refused. */
async function resolveEntity(
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

function notFound(): BusError {
  return new BusError('NOT_FOUND', 'Expense not found.');
}

/**
 * The currency and rate columns of an edit. A rate converts into the home currency, so it is
 * refused for an expense in the home currency, stored with the home currency it converts
 * into, and dropped when the currency changes without a new one.
 */
function currencySets(
  current: string,
  home: string,
  changes: ExpenseChanges,
  params: SqlParams,
): string[] {
  const currency = changes.currency ?? current;
  const sets = currency === current ? [] : [`"currency" = ${params.add(currency)}`];
  const rate = changes.exchange_rate;
  if (rate !== undefined && rate !== null) {
    if (currency === home)
      throw new BusError('VALIDATION_FAILED', CurrencyMessages.rateForHomeCurrency);
    sets.push(
      `"exchange_rate" = ${params.add(rate.toFixed(10))}::numeric`,
      `"rate_currency" = ${params.add(home)}`,
      `"rate_source" = 'user'`,
      `"rate_date" = NULL`,
    );
  } else if (rate === null || currency !== current || currency === home) {
    sets.push(
      `"exchange_rate" = NULL`,
      `"rate_currency" = NULL`,
      `"rate_source" = NULL`,
      `"rate_date" = NULL`,
    );
  }
  return sets;
}
