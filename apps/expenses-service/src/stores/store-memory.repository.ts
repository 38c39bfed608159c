import type { Db } from '../expenses/expenses.repository.js';

export const KNOWN_STORES_TABLE = '"expenses"."known_stores"';
export const STORE_MATCHES_TABLE = '"expenses"."store_matches"';

/** How often the user chose each value: entity names (`""` is Unassigned), tag sets as JSON. */
export type Choices = Record<string, number>;

/** A row of known_stores. */
export interface KnownStoreRow {
  id: string;
  keys: string[];
  vendor: string | null;
  currency: string | null;
  total_label: string | null;
  entity_choices: Choices;
  tag_choices: Choices;
  corrections: number;
  receipts: number;
  updated_at: Date;
}

/** What a store may be saved with. */
export type KnownStoreFields = Partial<
  Pick<
    KnownStoreRow,
    'keys' | 'vendor' | 'currency' | 'total_label' | 'entity_choices' | 'tag_choices'
  >
>;

/** What the last reading of an expense took from a known store. */
export interface StoreMatchRow {
  store_id: string;
  remembered: string[];
  suggested_entity: string | null;
  suggested_tags: string[] | null;
}

const COLUMNS = `"id", "keys", "vendor", "currency", "total_label", "entity_choices",
  "tag_choices", "corrections", "receipts", "updated_at"`;

/**
 * The one place that reads and writes the store memory (migration 1795797800000). Every
 * statement is scoped to one user: a store is never seen, matched or changed across accounts.
 */
export const StoreMemoryRepository = {
  /** The user's stores that share at least one key with `keys`, most recently updated first. */
  async sharingKeys(db: Db, userId: string, keys: readonly string[]): Promise<KnownStoreRow[]> {
    return db.query(
      `SELECT ${COLUMNS} FROM ${KNOWN_STORES_TABLE}
       WHERE "user_id" = $1 AND "keys" && $2::text[]
       ORDER BY "updated_at" DESC LIMIT 50`,
      [userId, keys],
    );
  },

  async get(db: Db, userId: string, id: string): Promise<KnownStoreRow | undefined> {
    const rows: KnownStoreRow[] = await db.query(
      `SELECT ${COLUMNS} FROM ${KNOWN_STORES_TABLE} WHERE "id" = $1 AND "user_id" = $2`,
      [id, userId],
    );
    return rows[0];
  },

  async list(db: Db, userId: string): Promise<KnownStoreRow[]> {
    return db.query(
      `SELECT ${COLUMNS} FROM ${KNOWN_STORES_TABLE} WHERE "user_id" = $1
       ORDER BY "updated_at" DESC LIMIT 500`,
      [userId],
    );
  },

  /** A new store, taught by `corrections` corrections (0: by a confirmation). */
  async insert(
    db: Db,
    userId: string,
    fields: KnownStoreFields,
    corrections: number,
  ): Promise<string> {
    const rows: { id: string }[] = await db.query(
      `INSERT INTO ${KNOWN_STORES_TABLE} ("user_id", "keys", "vendor", "currency",
         "total_label", "entity_choices", "tag_choices", "corrections")
       VALUES ($1, $2::text[], $3, $4, $5, $6::jsonb, $7::jsonb, $8) RETURNING "id"`,
      [
        userId,
        fields.keys ?? [],
        fields.vendor ?? null,
        fields.currency ?? null,
        fields.total_label ?? null,
        JSON.stringify(fields.entity_choices ?? {}),
        JSON.stringify(fields.tag_choices ?? {}),
        corrections,
      ],
    );
    return rows[0].id;
  },

  /**
   * Sets the given fields (a correction also counts one more in `corrections`). False when the
   * user has no such store.
   */
  async save(
    db: Db,
    userId: string,
    id: string,
    fields: KnownStoreFields,
    correction: boolean,
  ): Promise<boolean> {
    const params: unknown[] = [id, userId];
    const sets = Object.entries(fields)
      .filter(([, value]) => value !== undefined)
      .map(([column, value]) => {
        const json = column === 'entity_choices' || column === 'tag_choices';
        params.push(json ? JSON.stringify(value) : value);
        const cast = json ? '::jsonb' : column === 'keys' ? '::text[]' : '';
        return `"${column}" = $${params.length}${cast}`;
      });
    if (correction) sets.push(`"corrections" = "corrections" + 1`);
    sets.push(`"updated_at" = now()`);
    const [, count]: [unknown, number] = await db.query(
      `UPDATE ${KNOWN_STORES_TABLE} SET ${sets.join(', ')} WHERE "id" = $1 AND "user_id" = $2`,
      params,
    );
    return count > 0;
  },

  /** Forgets a store (and which expenses it filled in). False when the user has no such store. */
  async remove(db: Db, userId: string, id: string): Promise<boolean> {
    const [, count]: [unknown, number] = await db.query(
      `DELETE FROM ${KNOWN_STORES_TABLE} WHERE "id" = $1 AND "user_id" = $2`,
      [id, userId],
    );
    return count > 0;
  },

  /** The store the last reading of the user's expense matched. */
  async matchOf(db: Db, userId: string, expenseId: string): Promise<StoreMatchRow | undefined> {
    const rows: StoreMatchRow[] = await db.query(
      `SELECT m."store_id", m."remembered", m."suggested_entity", m."suggested_tags"
       FROM ${STORE_MATCHES_TABLE} m
       WHERE m."expense_id" = $1 AND m."user_id" = $2`,
      [expenseId, userId],
    );
    return rows[0];
  },

  /** Records (or, with null, clears) what a reading of the expense took from a store. */
  async setMatch(
    db: Db,
    userId: string,
    expenseId: string,
    match: StoreMatchRow | null,
  ): Promise<void> {
    await db.query(
      `DELETE FROM ${STORE_MATCHES_TABLE} WHERE "expense_id" = $1 AND "user_id" = $2`,
      [expenseId, userId],
    );
    if (!match) return;
    await db.query(
      `INSERT INTO ${STORE_MATCHES_TABLE} ("expense_id", "user_id", "store_id", "remembered",
         "suggested_entity", "suggested_tags")
       VALUES ($1, $2, $3, $4::text[], $5, $6::text[])`,
      [
        expenseId,
        userId,
        match.store_id,
        match.remembered,
        match.suggested_entity,
        match.suggested_tags,
      ],
    );
  },

  /** One more receipt the store filled in. */
  async countReceipt(db: Db, userId: string, id: string): Promise<void> {
    await db.query(
      `UPDATE ${KNOWN_STORES_TABLE} SET "receipts" = "receipts" + 1
       WHERE "id" = $1 AND "user_id" = $2`,
      [id, userId],
    );
  },
};
