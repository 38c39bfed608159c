import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  StoreMessages,
  type ExpenseStoreMatch,
  type KnownStore,
  type KnownStoreChanges,
} from '@snaptrack/contracts';
import { BusError } from '@snaptrack/nest-rmq';
import { provisionAccount } from '../accounts/accounts.service.js';
import { isPersonal } from '../entities/entity-names.js';
import { ExpensesRepository } from '../expenses/expenses.repository.js';
import { ensureTags } from '../tags/tag-catalog.js';
import { describeKey } from './store-identity.js';
import { entityIdOf, mostChosen, tagChoiceKey, unanimous } from './store-memory.js';
import {
  StoreMemoryRepository,
  type KnownStoreFields,
  type KnownStoreRow,
} from './store-memory.repository.js';

/** Settings' "Stores SnapTrack knows": list, change, forget; and what a reading took from one. */
@Injectable()
export class StoresService {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async list(userId: string): Promise<KnownStore[]> {
    const rows = await StoreMemoryRepository.list(this.dataSource, userId);
    return rows.map(toKnownStore);
  }

  /**
   * What the next receipts of the store get. An entity or tags set here count as always
   * chosen; null (or no tags) forgets the choice.
   */
  async update(userId: string, id: string, changes: KnownStoreChanges): Promise<KnownStore> {
    return this.dataSource.transaction(async (manager) => {
      const fields: KnownStoreFields = {};
      if (changes.vendor !== undefined) fields.vendor = changes.vendor || null;
      if (changes.currency !== undefined) fields.currency = changes.currency || null;
      if (changes.entity !== undefined) {
        const name = changes.entity?.trim() || null;
        // Personal always exists, though an account may not have been provisioned yet.
        if (name !== null && isPersonal(name)) await provisionAccount(manager, userId);
        if (name !== null && (await entityIdOf(manager, userId, name)) === undefined) {
          throw new BusError(
            'VALIDATION_FAILED',
            `There is no entity named '${name}'. Add it in Settings first.`,
            { fields: ['entity'] },
          );
        }
        fields.entity_choices = name === null ? {} : { [name]: 1 };
      }
      if (changes.tags !== undefined) {
        const tags = await ensureTags(manager, userId, changes.tags);
        fields.tag_choices = tags.length === 0 ? {} : { [tagChoiceKey(tags)]: 1 };
      }
      if (!(await StoreMemoryRepository.save(manager, userId, id, fields, false))) {
        throw notFound();
      }
      const row = await StoreMemoryRepository.get(manager, userId, id);
      if (!row) throw notFound();
      return toKnownStore(row);
    });
  }

  async forget(userId: string, id: string): Promise<void> {
    if (!(await StoreMemoryRepository.remove(this.dataSource, userId, id))) throw notFound();
  }

  /** The known store the last reading of the user's expense matched, and what it suggests. */
  async expenseMatch(userId: string, expenseId: string): Promise<ExpenseStoreMatch> {
    if (!(await ExpensesRepository.get(this.dataSource, userId, expenseId))) {
      throw new BusError('NOT_FOUND', 'Expense not found.');
    }
    const match = await StoreMemoryRepository.matchOf(this.dataSource, userId, expenseId);
    const store =
      match && (await StoreMemoryRepository.get(this.dataSource, userId, match.store_id));
    if (!match || !store) return { success: true, store: null, remembered: [], suggestion: null };
    const suggested = match.suggested_entity !== null || (match.suggested_tags ?? []).length > 0;
    return {
      success: true,
      store: { id: store.id, vendor: store.vendor },
      remembered: match.remembered,
      suggestion: suggested
        ? { entity: match.suggested_entity, tags: match.suggested_tags ?? [] }
        : null,
    };
  }
}

function notFound(): BusError {
  return new BusError('NOT_FOUND', StoreMessages.notFound);
}

function toKnownStore(row: KnownStoreRow): KnownStore {
  const entity = unanimous(row.entity_choices);
  const tags = unanimous(row.tag_choices);
  const suggestedEntity = entity === undefined ? mostChosen(row.entity_choices) : undefined;
  const suggestedTags = tags === undefined ? mostChosen(row.tag_choices) : undefined;
  return {
    id: row.id,
    vendor: row.vendor,
    currency: row.currency,
    entity: entity || null,
    tags: tags === undefined ? [] : (JSON.parse(tags) as string[]),
    suggested_entity: suggestedEntity || null,
    suggested_tags: suggestedTags === undefined ? [] : (JSON.parse(suggestedTags) as string[]),
    total_label: row.total_label,
    keys: row.keys.map(describeKey),
    corrections: row.corrections,
    receipts: row.receipts,
    updated_at: row.updated_at.toISOString(),
  };
}
