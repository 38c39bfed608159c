import type { EntityManager } from 'typeorm';
import type {
  DuplicateReason,
  ExpenseStatus,
  RateSource,
  ReceiptProcessedEvent,
  TaxLine,
} from '@snaptrack/contracts';
import { SqlParams } from '../database/sql-params.js';
import { ExpensePartsRepository } from './expense-parts.repository.js';
import type { ExpenseFilter } from './expense-filter.js';
import { expenseCountSql, expensePageSql, type PageWindow } from './expense-list.sql.js';
import {
  EXPENSE_COLUMNS,
  EXPENSES_TABLE,
  EXPENSES_WITH_ENTITY,
  type EditedField,
  type ExpenseRow,
  type ExpenseTableRow,
} from './expense-row.js';

export type { EditedField } from './expense-row.js';

/** A DataSource, or the EntityManager of a transaction. */
export type Db = Pick<EntityManager, 'query'>;

/** The columns an edit may set; `updated_at` is set by every change. */
export interface ExpensePatch {
  vendor?: string;
  amount?: string;
  currency?: string;
  exchange_rate?: string | null;
  rate_currency?: string | null;
  rate_source?: RateSource | null;
  rate_date?: string | null;
  expense_date?: string;
  /** Decimal text; null: unknown. */
  tax_amount?: string | null;
  /** JSON text of the lines; null: none. */
  tax_lines?: string | null;
  notes?: string | null;
  entity_id?: string | null;
  tags?: string[];
  status?: ExpenseStatus;
  processing_error?: string | null;
}

/** What a reading writes: the reader's values, null where it read nothing. */
export interface Reading {
  status: ReceiptProcessedEvent['status'];
  processing_error: string | null;
  vendor: string | null;
  amount: string | null;
  currency: string | null;
  expense_date: string | null;
  ocr_confidence: number | null;
  raw_ocr_text: string | null;
  field_evidence: string | null;
  /** The tax read (decimal text) and its lines (JSON text); both null when none was read. */
  tax_amount: string | null;
  tax_lines: string | null;
  /** The image's perceptual hash as read (16 hex digits), null when it has none. */
  image_hash: string | null;
  /** The perceptual hash of the receipt's region as read (16 hex digits), null when none. */
  region_hash: string | null;
  /** A text receipt's normalised text hash, null otherwise. */
  text_hash: string | null;
}

/** What the edit rules need of an expense locked for an edit. */
export interface LockedExpense {
  status: ExpenseStatus;
  currency: string;
  amount: string;
  tax_amount: string | null;
  tax_lines: TaxLine[] | null;
}

/** What a deleted expense leaves to clean up. */
export interface RemovedExpense {
  image_key: string | null;
  mail_id: string | null;
}

/** Every column an insert writes. */
const INSERTED = [
  'id',
  'user_id',
  'vendor',
  'amount',
  'currency',
  'expense_date',
  'notes',
  'entity_id',
  'tags',
  'ocr_confidence',
  'image_key',
  'extraction_method',
  'email_subject',
  'raw_ocr_text',
  'status',
  'processing_error',
  'content_sha256',
  'mail_id',
  'idempotency_key',
  'receipt_source',
  'receipt_bytes',
  'ocr_job_id',
  'created_at',
] as const satisfies readonly (keyof ExpenseTableRow)[];

export type NewExpenseRow = Pick<ExpenseTableRow, (typeof INSERTED)[number]>;

/**
 * The one place that reads and writes single expense rows (docs/architecture.md, Persistence).
 * Each method takes the DataSource or a transaction's manager, so a caller composes them in
 * one transaction. Aggregates (statistics, export, quotas, tag and entity counts) keep their
 * own read-only SQL, with the names from `expense-row.ts`.
 */
export const ExpensesRepository = {
  /**
   * Inserts one expense with every column, pointing `duplicate_of` at the user's earliest
   * expense with the same content, and returns it as read back.
   */
  async insert(db: Db, row: NewExpenseRow): Promise<ExpenseRow> {
    const params = new SqlParams();
    const values = INSERTED.map((column) => {
      const param = params.add(row[column]);
      return column === 'tags' ? `${param}::text[]` : param;
    });
    const duplicate = `(SELECT d."id" FROM ${EXPENSES_TABLE} d
      WHERE d."user_id" = ${params.add(row.user_id)} AND d."content_sha256" = ${params.add(row.content_sha256)}
      ORDER BY d."created_at" LIMIT 1)`;
    const rows: ExpenseRow[] = await db.query(
      `WITH e AS (
         INSERT INTO ${EXPENSES_TABLE} (${INSERTED.map((column) => `"${column}"`).join(', ')},
           "updated_at", "duplicate_of", "duplicate_reason")
         VALUES (${values.join(', ')}, ${values[INSERTED.indexOf('created_at')]}, ${duplicate},
           CASE WHEN ${duplicate} IS NOT NULL THEN 'file' END)
         RETURNING *
       )
       SELECT ${EXPENSE_COLUMNS} FROM e LEFT JOIN "expenses"."entities" n ON n."id" = e."entity_id"`,
      params.values,
    );
    return rows[0];
  },

  async get(db: Db, userId: string, id: string): Promise<ExpenseRow | undefined> {
    const rows: ExpenseRow[] = await db.query(
      `SELECT ${EXPENSE_COLUMNS} FROM ${EXPENSES_WITH_ENTITY} WHERE e."id" = $1 AND e."user_id" = $2`,
      [id, userId],
    );
    return rows[0];
  },

  /** The user's expense made from the upload with this idempotency key. */
  async byIdempotencyKey(db: Db, userId: string, key: string): Promise<ExpenseRow | undefined> {
    const rows: ExpenseRow[] = await db.query(
      `SELECT ${EXPENSE_COLUMNS} FROM ${EXPENSES_WITH_ENTITY}
       WHERE e."user_id" = $1 AND e."idempotency_key" = $2`,
      [userId, key],
    );
    return rows[0];
  },

  /** How many rows the filter matches (the per-user count when there is no filter). */
  async count(db: Db, userId: string, filter: ExpenseFilter): Promise<number> {
    const built = expenseCountSql(userId, filter);
    const rows: { total: number }[] = await db.query(built.sql, built.params);
    return rows[0]?.total ?? 0;
  },

  /** One page of the filter, newest first (see expense-list.sql.ts for how it is read). */
  async page(
    db: Db,
    userId: string,
    filter: ExpenseFilter,
    window: PageWindow,
  ): Promise<ExpenseRow[]> {
    const built = expensePageSql(userId, filter, window);
    return db.query(built.sql, built.params);
  },

  /** Locks the row for an edit in this transaction; what the edit rules need of it. */
  async lockForUpdate(db: Db, userId: string, id: string): Promise<LockedExpense | undefined> {
    const rows: LockedExpense[] = await db.query(
      `SELECT "status", "currency", "amount"::text AS "amount", "tax_amount"::text AS "tax_amount",
         "tax_lines" FROM ${EXPENSES_TABLE}
       WHERE "id" = $1 AND "user_id" = $2 FOR UPDATE`,
      [id, userId],
    );
    return rows[0];
  },

  /**
   * Sets the given columns, adds `editedFields` to the fields the user set by hand, and
   * stamps `updated_at`. Returns false when the user has no such expense.
   */
  async update(
    db: Db,
    userId: string,
    id: string,
    patch: ExpensePatch,
    editedFields: readonly EditedField[] = [],
  ): Promise<boolean> {
    const params = new SqlParams();
    const sets = Object.entries(patch)
      .filter(([, value]) => value !== undefined)
      .map(([column, value]) => {
        const cast =
          column === 'tags'
            ? '::text[]'
            : column === 'exchange_rate' || column === 'tax_amount'
              ? '::numeric'
              : column === 'tax_lines'
                ? '::jsonb'
                : '';
        return `"${column}" = ${params.add(value)}${cast}`;
      });
    if (editedFields.length > 0) {
      sets.push(
        `"edited_fields" = ARRAY(SELECT DISTINCT unnest("edited_fields" || ${params.add(editedFields)}::text[]))`,
      );
    }
    sets.push(`"updated_at" = now()`);
    const [, count]: [unknown, number] = await db.query(
      `UPDATE ${EXPENSES_TABLE} SET ${sets.join(', ')}
       WHERE "id" = ${params.add(id)} AND "user_id" = ${params.add(userId)}`,
      params.values,
    );
    return count > 0;
  },

  /** Confirms an expense in the review queue (the first time stays). False: no such expense. */
  async markReviewed(db: Db, userId: string, id: string): Promise<boolean> {
    const [, count]: [unknown, number] = await db.query(
      `UPDATE ${EXPENSES_TABLE} SET "reviewed_at" = coalesce("reviewed_at", now())
       WHERE "id" = $1 AND "user_id" = $2`,
      [id, userId],
    );
    return count > 0;
  },

  /**
   * Claims an expense with a stored receipt for a new reading under `jobId`: only when no
   * reading is running, or the running one has been silent for `lostAfter` (an interval).
   * Returns the claimed expense, or undefined when it could not be claimed.
   */
  async claimForReading(
    db: Db,
    userId: string,
    id: string,
    jobId: string,
    lostAfter: string,
  ): Promise<ExpenseRow | undefined> {
    const rows: ExpenseRow[] = await db.query(
      `WITH e AS (
         UPDATE ${EXPENSES_TABLE} SET "status" = 'processing', "processing_error" = NULL,
           "ocr_job_id" = $3, "updated_at" = now()
         WHERE "id" = $1 AND "user_id" = $2 AND "image_key" IS NOT NULL
           AND ("status" <> 'processing' OR "updated_at" < now() - $4::interval)
         RETURNING *
       )
       SELECT ${EXPENSE_COLUMNS} FROM e LEFT JOIN "expenses"."entities" n ON n."id" = e."entity_id"`,
      [id, userId, jobId, lostAfter],
    );
    return rows[0];
  },

  /**
   * Writes a reading, only into the expense's current job while it is being read. Each field is
   * written only when it was read and the user has not edited it, except the date: a finished
   * reading without a plausible one empties it (flagged `not_read`, never an old placeholder).
   * A rate stays only with the currency it was entered for; new values from the reader want a
   * new look (`reviewed_at`).
   */
  async applyReading(
    db: Db,
    target: { userId: string; expenseId: string; jobId: string },
    reading: Reading,
  ): Promise<boolean> {
    const keep = (name: string, value: string) =>
      `CASE WHEN $${value} IS NULL OR '${name}' = ANY("edited_fields") THEN "${name}" ELSE $${value} END`;
    const [, count]: [unknown, number] = await db.query(
      `UPDATE ${EXPENSES_TABLE} SET
         "status" = $4,
         "processing_error" = $5,
         "vendor" = ${keep('vendor', '6::text')},
         "amount" = ${keep('amount', '7::numeric')},
         "currency" = ${keep('currency', '8::text')},
         "exchange_rate" = CASE WHEN ${keep('currency', '8::text')} = "currency" THEN "exchange_rate" END,
         "rate_currency" = CASE WHEN ${keep('currency', '8::text')} = "currency" THEN "rate_currency" END,
         "rate_source" = CASE WHEN ${keep('currency', '8::text')} = "currency" THEN "rate_source" END,
         "rate_date" = CASE WHEN ${keep('currency', '8::text')} = "currency" THEN "rate_date" END,
         "expense_date" = CASE WHEN $4::text <> 'ready' OR 'expense_date' = ANY("edited_fields")
           THEN "expense_date" ELSE $9::date END,
         "ocr_confidence" = COALESCE($10, "ocr_confidence"),
         "raw_ocr_text" = COALESCE($11, "raw_ocr_text"),
         "field_evidence" = $12::jsonb,
         "image_hash" = COALESCE(('x' || $13::text)::bit(64), "image_hash"),
         "text_hash" = COALESCE($14::text, "text_hash"),
         "tax_amount" = CASE WHEN 'tax_amount' = ANY("edited_fields") THEN "tax_amount"
           WHEN $4 = 'ready' THEN $15::numeric ELSE "tax_amount" END,
         "tax_lines" = CASE WHEN 'tax_amount' = ANY("edited_fields") THEN "tax_lines"
           WHEN $4 = 'ready' THEN $16::jsonb ELSE "tax_lines" END,
         "region_hash" = COALESCE(('x' || $17::text)::bit(64), "region_hash"),
         "reviewed_at" = NULL,
         "updated_at" = now()
       WHERE "id" = $1 AND "user_id" = $2 AND "ocr_job_id" = $3 AND "status" = 'processing'`,
      [
        target.expenseId,
        target.userId,
        target.jobId,
        reading.status,
        reading.processing_error,
        reading.vendor,
        reading.amount,
        reading.currency,
        reading.expense_date,
        reading.ocr_confidence,
        reading.raw_ocr_text,
        reading.field_evidence,
        reading.image_hash,
        reading.text_hash,
        reading.tax_amount,
        reading.tax_lines,
        reading.region_hash,
      ],
    );
    return count > 0;
  },

  /**
   * The earliest other expense of the user that this one may duplicate, and whether it came
   * in after this one (its reading can finish first) (docs/api.md,
   * Duplicates): an image hash within `maxDistance` bits of one of `image.hashes` (the new
   * image upright and turned), or a region hash of one of `image.regionHashes`, unless both were read with amounts that differ or dates more
   * than a day apart; the same text hash; or a ready expense with the same amount and
   * currency, a date a day apart at most and a similar vendor (the same letters and digits, one
   * inside the other, or the same first six). `reason` says which rule matched, in that order.
   */
  async findDuplicate(
    db: Db,
    userId: string,
    id: string,
    image: { hashes: readonly string[]; regionHashes: readonly string[]; maxDistance: number },
  ): Promise<{ id: string; later: boolean; reason: DuplicateReason } | undefined> {
    const vendor = (table: string) =>
      `regexp_replace(lower(${table}."vendor"), '[^[:alnum:]]+', '', 'g')`;
    const near = (column: string, hashes: string) => `(d."${column}" IS NOT NULL AND EXISTS (
           SELECT 1 FROM unnest(${hashes}::text[]) AS h("hex")
           WHERE bit_count(d."${column}" # ('x' || h."hex")::bit(64)) <= $4))`;
    // Both read, with other amounts or dates more than a day apart: two purchases.
    const readApart = `(t."status" = 'ready' AND d."status" = 'ready' AND t."amount" > 0
           AND d."amount" > 0 AND (t."amount" <> d."amount"
             OR coalesce(abs(t."expense_date" - d."expense_date") > 1, false)))`;
    const picture = `((${near('image_hash', '$3')} OR ${near('region_hash', '$5')})
           AND NOT ${readApart})`;
    const text = `(t."text_hash" IS NOT NULL AND d."text_hash" = t."text_hash")`;
    const details = `(t."status" = 'ready' AND d."status" = 'ready' AND t."amount" > 0
           AND d."amount" = t."amount" AND d."currency" = t."currency"
           AND d."expense_date" BETWEEN t."expense_date" - 1 AND t."expense_date" + 1
           AND length(${vendor('t')}) >= 3 AND length(${vendor('d')}) >= 3
           AND (strpos(${vendor('t')}, ${vendor('d')}) > 0 OR strpos(${vendor('d')}, ${vendor('t')}) > 0
             OR left(${vendor('t')}, 6) = left(${vendor('d')}, 6)))`;
    const rows: { id: string; later: boolean; reason: DuplicateReason }[] = await db.query(
      `SELECT d."id", (d."created_at", d."id") > (t."created_at", t."id") AS "later",
         CASE WHEN ${picture} THEN 'image' WHEN ${text} THEN 'text' ELSE 'details' END AS "reason"
       FROM ${EXPENSES_TABLE} t
       JOIN ${EXPENSES_TABLE} d ON d."user_id" = t."user_id" AND d."id" <> t."id"
       WHERE t."id" = $1 AND t."user_id" = $2 AND (${picture} OR ${text} OR ${details})
       ORDER BY d."created_at", d."id" LIMIT 1`,
      [id, userId, image.hashes, image.maxDistance, image.regionHashes],
    );
    return rows[0];
  },

  /**
   * Flags `id` as a possible duplicate of `of`, for `reason`, unless it is flagged already or
   * the user said Keep both for it.
   */
  async markDuplicate(
    db: Db,
    userId: string,
    id: string,
    of: string,
    reason: DuplicateReason,
  ): Promise<void> {
    await db.query(
      `UPDATE ${EXPENSES_TABLE} SET "duplicate_of" = $3, "duplicate_reason" = $4,
         "updated_at" = now()
       WHERE "id" = $1 AND "user_id" = $2 AND "duplicate_of" IS NULL AND NOT "duplicate_kept"`,
      [id, userId, of, reason],
    );
  },

  /** Keep both: clears the flag for good. False when the user has no such expense. */
  async keepBoth(db: Db, userId: string, id: string): Promise<boolean> {
    const [, count]: [unknown, number] = await db.query(
      `UPDATE ${EXPENSES_TABLE} SET "duplicate_of" = NULL, "duplicate_reason" = NULL,
         "duplicate_kept" = true,
         "updated_at" = now()
       WHERE "id" = $1 AND "user_id" = $2`,
      [id, userId],
    );
    return count > 0;
  },

  /**
   * Sets the rates source's rate on the user's finished expenses in the given currencies that
   * have none, or a source rate into another home currency (`expenseId` narrows it to one).
   * Returns how many rows changed.
   */
  async fillProviderRates(
    db: Db,
    userId: string,
    rates: { home: string; date: string; currencies: string[]; rates: string[] },
    expenseId?: string,
  ): Promise<number> {
    const params: unknown[] = [userId, rates.home, rates.date, rates.currencies, rates.rates];
    const oneExpense = expenseId ? `AND e."id" = $${params.push(expenseId)}` : '';
    const [, count]: [unknown, number] = await db.query(
      `UPDATE ${EXPENSES_TABLE} e SET "exchange_rate" = r."rate", "rate_currency" = $2,
         "rate_source" = 'provider', "rate_date" = $3::date
       FROM unnest($4::text[], $5::numeric[]) AS r("currency", "rate")
       WHERE e."user_id" = $1 AND e."currency" = r."currency" AND e."status" = 'ready'
         AND (e."rate_source" IS NULL OR (e."rate_source" = 'provider' AND e."rate_currency" <> $2))
         ${oneExpense}`,
      params,
    );
    return count;
  },

  /** Moves every expense, and every part of a split one, of one entity to another (null: Unassigned). */
  async moveEntity(db: Db, userId: string, from: string, to: string | null): Promise<void> {
    await db.query(
      `UPDATE ${EXPENSES_TABLE} SET "entity_id" = $3, "updated_at" = now()
       WHERE "user_id" = $1 AND "entity_id" = $2`,
      [userId, from, to],
    );
    await ExpensePartsRepository.moveEntity(db, userId, from, to);
  },

  /**
   * Deletes the user's expense with its parts (first: the totals' triggers correct a split
   * expense against its parts); what it leaves to clean up, or undefined if there was none.
   */
  async remove(db: Db, userId: string, id: string): Promise<RemovedExpense | undefined> {
    await ExpensePartsRepository.removeAll(db, userId, id);
    const [rows]: [RemovedExpense[], number] = await db.query(
      `DELETE FROM ${EXPENSES_TABLE} WHERE "id" = $1 AND "user_id" = $2
       RETURNING "image_key", "mail_id"`,
      [id, userId],
    );
    return rows[0];
  },

  /** The stored image key of the user's expense (null: none), undefined for no such expense. */
  async imageKey(db: Db, userId: string, id: string): Promise<string | null | undefined> {
    const rows: { image_key: string | null }[] = await db.query(
      `SELECT "image_key" FROM ${EXPENSES_TABLE} WHERE "id" = $1 AND "user_id" = $2`,
      [id, userId],
    );
    return rows[0]?.image_key;
  },

  /** Which of these object keys an expense (of anyone) still points to. */
  async referencedImageKeys(db: Db, keys: readonly string[]): Promise<Set<string>> {
    const rows: { image_key: string }[] = await db.query(
      `SELECT "image_key" FROM ${EXPENSES_TABLE} WHERE "image_key" = ANY($1::text[])`,
      [keys],
    );
    return new Set(rows.map((row) => row.image_key));
  },

  /** How many expenses the user has. */
  async countOf(db: Db, userId: string): Promise<number> {
    const rows: { count: number }[] = await db.query(
      `SELECT count(*)::int AS "count" FROM ${EXPENSES_TABLE} WHERE "user_id" = $1`,
      [userId],
    );
    return rows[0]?.count ?? 0;
  },
};
