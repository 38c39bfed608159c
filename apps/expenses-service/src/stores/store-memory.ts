import type { EntityManager } from 'typeorm';
import { ExpenseLimits, type FieldEvidence, type FieldEvidenceMap } from '@snaptrack/contracts';
import { provisionAccount } from '../accounts/accounts.service.js';
import { isPersonal } from '../entities/entity-names.js';
import type { ExpenseRow } from '../expenses/expense-row.js';
import { ExpensesRepository, type Db } from '../expenses/expenses.repository.js';
import { ensureTags } from '../tags/tag-catalog.js';
import { matchScore, mergeKeys, nameKey, storeKeys, strongMatch } from './store-identity.js';
import {
  StoreMemoryRepository,
  type Choices,
  type KnownStoreFields,
  type KnownStoreRow,
} from './store-memory.repository.js';
import { amountOfLabel, labelOfTotal } from './total-line.js';

/*
 * A store corrected once stays corrected (docs/ocr.md, "Stores SnapTrack knows"). A reading
 * of a receipt whose store the user corrected before comes out the way they wanted; their
 * corrections teach the store. Per account: every query is scoped to the user.
 */

/** The values of a reading the store memory may change, as applyReading writes them. */
export interface ReadValues {
  vendor: string | null;
  /** Decimal text. */
  amount: string | null;
  currency: string | null;
  evidence: FieldEvidenceMap | null;
}

/** What a known store makes of a reading. */
export interface Recalled {
  storeId: string;
  values: ReadValues;
  /** The fields the store filled in. */
  remembered: string[];
  /** Applied: the user always chose it. `undefined`: nothing to apply. */
  entity?: string | null;
  tags?: string[];
  /** Suggested: the user chose differently; the choice they made most. */
  suggestion: { entity: string | null; tags: string[] } | null;
}

/** The tags of a choice as the key of `tag_choices`: sorted, so the order does not count. */
export function tagChoiceKey(tags: readonly string[]): string {
  return JSON.stringify([...tags].sort((a, b) => a.localeCompare(b)));
}

/** The one value chosen every time, else undefined. */
export function unanimous(choices: Choices): string | undefined {
  const chosen = Object.keys(choices).filter((value) => choices[value] > 0);
  return chosen.length === 1 ? chosen[0] : undefined;
}

/** The value chosen most often (the first of a tie), else undefined. */
export function mostChosen(choices: Choices): string | undefined {
  let best: string | undefined;
  for (const [value, count] of Object.entries(choices)) {
    if (count > 0 && (best === undefined || count > choices[best])) best = value;
  }
  return best;
}

function counted(choices: Choices, value: string): Choices {
  return { ...choices, [value]: (choices[value] ?? 0) + 1 };
}

/** The known store a receipt with these keys belongs to: the best match, else undefined. */
export function bestStore(
  stores: readonly KnownStoreRow[],
  keys: readonly string[],
): KnownStoreRow | undefined {
  let best: KnownStoreRow | undefined;
  let bestScore = 0;
  // Most recently updated first, so a tie goes to the store the user corrected last.
  for (const store of stores) {
    const score = matchScore(store.keys, keys);
    if (score > bestScore) {
      best = store;
      bestScore = score;
    }
  }
  return best;
}

function rememberedEvidence(earlier: FieldEvidence | undefined, keepBox: boolean): FieldEvidence {
  return { confidence: 1, box: keepBox ? (earlier?.box ?? null) : null, remembered: true };
}

/**
 * The reading of `text` as the user's known store has it: their spelling of the vendor, the
 * amount on the line they showed holds the total, and their currency (only when the store was
 * recognised by a tax id, phone or web address, or the receipt did not print one: a brand's
 * shops abroad take another currency). Null when the receipt matches no store of the user.
 */
export async function recallStore(
  db: Db,
  userId: string,
  text: string | null,
  read: ReadValues,
): Promise<Recalled | null> {
  const keys = storeKeys(text, read.vendor);
  if (keys.length === 0) return null;
  const store = bestStore(await StoreMemoryRepository.sharingKeys(db, userId, keys), keys);
  if (!store) return null;
  const values: ReadValues = { ...read, evidence: { ...read.evidence } };
  const evidence = values.evidence as FieldEvidenceMap;
  const remembered: string[] = [];
  if (store.vendor) {
    values.vendor = store.vendor;
    evidence.vendor = rememberedEvidence(read.evidence?.vendor, read.vendor === store.vendor);
    remembered.push('vendor');
  }
  const total = store.total_label ? amountOfLabel(text, store.total_label) : null;
  if (total !== null && Number(total) > 0) {
    evidence.amount = rememberedEvidence(read.evidence?.amount, read.amount === total);
    values.amount = total;
    remembered.push('amount');
  }
  const currencyUnsure = !read.currency || read.evidence?.currency?.flag === 'assumed';
  if (store.currency && (strongMatch(store.keys, keys) || currencyUnsure)) {
    evidence.currency = rememberedEvidence(
      read.evidence?.currency,
      read.currency === store.currency,
    );
    values.currency = store.currency;
    remembered.push('currency');
  }
  const entity = unanimous(store.entity_choices);
  const tagSet = unanimous(store.tag_choices);
  const suggestedEntity = entity === undefined ? mostChosen(store.entity_choices) : undefined;
  const suggestedTags = tagSet === undefined ? mostChosen(store.tag_choices) : undefined;
  return {
    storeId: store.id,
    values,
    remembered,
    ...(entity === undefined ? {} : { entity: entity || null }),
    ...(tagSet === undefined ? {} : { tags: JSON.parse(tagSet) as string[] }),
    suggestion:
      suggestedEntity === undefined && suggestedTags === undefined
        ? null
        : {
            entity: suggestedEntity || null,
            tags: suggestedTags === undefined ? [] : (JSON.parse(suggestedTags) as string[]),
          },
  };
}

/**
 * After a reading landed: the entity and tags the user always chose for the store, and which
 * store filled the expense in (or, with null, that none did).
 */
export async function applyStoreChoices(
  manager: EntityManager,
  userId: string,
  expenseId: string,
  recalled: Recalled | null,
): Promise<void> {
  if (!recalled) {
    await StoreMemoryRepository.setMatch(manager, userId, expenseId, null);
    return;
  }
  const remembered = [...recalled.remembered];
  if (recalled.entity !== undefined) {
    if (recalled.entity !== null && isPersonal(recalled.entity)) {
      await provisionAccount(manager, userId);
    }
    const entityId = await entityIdOf(manager, userId, recalled.entity);
    if (entityId !== undefined) {
      await ExpensesRepository.update(manager, userId, expenseId, { entity_id: entityId });
      remembered.push('entity');
    }
  }
  if (recalled.tags !== undefined && recalled.tags.length > 0) {
    const current = (await ExpensesRepository.get(manager, userId, expenseId))?.tags ?? [];
    const lower = new Set(current.map((tag) => tag.toLowerCase()));
    const added = recalled.tags.filter((tag) => !lower.has(tag.toLowerCase()));
    const tags = [...current, ...added].slice(0, ExpenseLimits.maxTags);
    await ExpensesRepository.update(manager, userId, expenseId, {
      tags: await ensureTags(manager, userId, tags),
    });
    remembered.push('tags');
  }
  await StoreMemoryRepository.setMatch(manager, userId, expenseId, {
    store_id: recalled.storeId,
    remembered,
    suggested_entity: recalled.suggestion?.entity ?? null,
    suggested_tags: recalled.suggestion?.tags ?? null,
  });
  await StoreMemoryRepository.countReceipt(manager, userId, recalled.storeId);
}

/**
 * The id of the user's entity by name (null for Unassigned), undefined when it no longer
 * exists.
 */
export async function entityIdOf(
  db: Db,
  userId: string,
  name: string | null,
): Promise<string | null | undefined> {
  if (!name) return null;
  const rows: { id: string }[] = await db.query(
    `SELECT "id" FROM "expenses"."entities" WHERE "user_id" = $1 AND lower("name") = lower($2)`,
    [userId, name],
  );
  return rows[0]?.id;
}

/** Which of a correction's fields the user really changed (a value sent again is no change). */
export function changedFields(before: ExpenseRow, after: ExpenseRow) {
  return {
    vendor: after.vendor !== before.vendor,
    amount: Number(after.amount) !== Number(before.amount),
    currency: after.currency !== before.currency,
    expense_date: after.expense_date !== before.expense_date,
    entity: (after.entity ?? '') !== (before.entity ?? ''),
    tags: tagChoiceKey(after.tags) !== tagChoiceKey(before.tags),
  };
}

/**
 * A correction of a receipt's expense teaches its store: the vendor as the user writes it, the
 * currency, the line holding the total, and the entity and tags they chose. Only fields the
 * user changed count. A receipt without text (entered by hand) identifies no store.
 */
export async function learnFromCorrection(
  manager: EntityManager,
  userId: string,
  id: string,
  before: ExpenseRow,
  after: ExpenseRow,
): Promise<void> {
  if (!before.raw_ocr_text || before.extraction_method === 'manual') return;
  const changed = changedFields(before, after);
  if (!Object.values(changed).some(Boolean)) return;
  const keys = storeKeys(before.raw_ocr_text, before.vendor);
  if (changed.vendor && nameKey(after.vendor).length >= 3) {
    keys.push(`name:${nameKey(after.vendor)}`);
  }
  if (keys.length === 0) return;
  const store = await storeToTeach(manager, userId, id, keys, changed.vendor ? after.vendor : null);
  const fields: KnownStoreFields = { keys: mergeKeys(store?.keys ?? [], keys) };
  if (changed.vendor) fields.vendor = after.vendor || null;
  if (changed.currency) fields.currency = after.currency;
  if (changed.amount) fields.total_label = labelOfTotal(before.raw_ocr_text, after.amount);
  if (changed.entity) {
    fields.entity_choices = counted(store?.entity_choices ?? {}, after.entity ?? '');
  }
  if (changed.tags)
    fields.tag_choices = counted(store?.tag_choices ?? {}, tagChoiceKey(after.tags));
  await teach(manager, userId, id, store, fields, true);
}

/**
 * Confirming a receipt's expense in the review queue teaches its store what the user looked at
 * and called right: the vendor, the currency and the line holding the total, so that a worse
 * photo of the next receipt comes out the same. What the store already knows stays (a
 * correction says more than a confirmation); it counts as no correction, and the entity and
 * tags, which the user did not choose here, are not counted.
 */
export async function learnFromConfirmation(
  manager: EntityManager,
  userId: string,
  id: string,
  row: ExpenseRow,
): Promise<void> {
  if (!row.raw_ocr_text || row.extraction_method === 'manual' || row.status !== 'ready') return;
  const keys = storeKeys(row.raw_ocr_text, row.vendor);
  if (keys.length === 0) return;
  const store = await storeToTeach(manager, userId, id, keys, null);
  const fields: KnownStoreFields = { keys: mergeKeys(store?.keys ?? [], keys) };
  if (row.vendor && !store?.vendor) fields.vendor = row.vendor;
  if (row.currency && !store?.currency) fields.currency = row.currency;
  if (row.amount !== null && !store?.total_label) {
    fields.total_label = labelOfTotal(row.raw_ocr_text, row.amount);
  }
  await teach(manager, userId, id, store, fields, false);
}

/** Saves what a store learnt; a new store is matched to the expense that taught it. */
async function teach(
  manager: EntityManager,
  userId: string,
  id: string,
  store: KnownStoreRow | undefined,
  fields: KnownStoreFields,
  correction: boolean,
): Promise<void> {
  if (store) {
    await StoreMemoryRepository.save(manager, userId, store.id, fields, correction);
    return;
  }
  const storeId = await StoreMemoryRepository.insert(manager, userId, fields, correction ? 1 : 0);
  await StoreMemoryRepository.setMatch(manager, userId, id, {
    store_id: storeId,
    remembered: [],
    suggested_entity: null,
    suggested_tags: null,
  });
}

/**
 * The store a correction teaches: the one that filled the expense in, else the best match of
 * its keys. A weak match whose vendor the user now calls something else was another shop (two
 * shops of one address): a new store is learnt instead.
 */
async function storeToTeach(
  manager: EntityManager,
  userId: string,
  expenseId: string,
  keys: readonly string[],
  newVendor: string | null,
): Promise<KnownStoreRow | undefined> {
  const match = await StoreMemoryRepository.matchOf(manager, userId, expenseId);
  const store = match
    ? await StoreMemoryRepository.get(manager, userId, match.store_id)
    : bestStore(await StoreMemoryRepository.sharingKeys(manager, userId, keys), keys);
  if (!store) return undefined;
  const renamed = newVendor !== null && store.vendor !== null && store.vendor !== newVendor;
  if (renamed && !strongMatch(store.keys, keys)) return undefined;
  return store;
}
