import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ExpensesEventPatterns, isReceiptKeyOf } from '@snaptrack/contracts';
import { OBJECT_STORAGE } from '@snaptrack/nest-config';
import { LOGGER, type Logger } from '@snaptrack/nest-logging';
import { BusError, enqueueEvent, OutboxBus } from '@snaptrack/nest-rmq';
import type { ObjectStorage } from '@snaptrack/storage';
import { EXPENSES_SCHEMA } from '../config/env.js';
import { ExpensesRepository } from './expenses.repository.js';

/**
 * Deleting an expense: the row goes with its deleted event (one transaction); the receipt
 * object goes after the commit, so a failed delete never leaves a row without its image. An
 * object delete that fails is left to the orphan sweeper (no row points to it any more).
 */
@Injectable()
export class ExpenseRemovalService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(OutboxBus) private readonly outbox: OutboxBus,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async remove(userId: string, id: string, requestId: string): Promise<void> {
    const deleted = await this.dataSource.transaction(async (manager) => {
      const row = await ExpensesRepository.remove(manager, userId, id);
      if (!row) throw new BusError('NOT_FOUND', 'Expense not found.');
      await enqueueEvent(
        manager,
        EXPENSES_SCHEMA,
        ExpensesEventPatterns.deleted,
        { expense_id: id, user_id: userId, storage_key: row.image_key, mail_id: row.mail_id },
        { requestId, userId },
      );
      return row;
    });
    this.outbox.kick();
    // Only a file in the user's own folder: a key stored before keys were checked may name
    // another user's file.
    if (deleted.image_key && isReceiptKeyOf(userId, deleted.image_key)) {
      await this.deleteObject(deleted.image_key);
    }
  }

  private async deleteObject(key: string): Promise<void> {
    try {
      await this.storage.delete(key);
    } catch (error) {
      this.logger.warn({ err: error, key }, 'receipt object not deleted; the orphan sweeper will');
    }
  }
}
