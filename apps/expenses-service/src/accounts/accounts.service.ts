import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { DEFAULT_TAGS, PERSONAL_ENTITY } from '@snaptrack/contracts';
import { handleOnce } from '@snaptrack/nest-rmq';
import { EXPENSES_SCHEMA } from '../config/env.js';
import { insertNames } from '../database/insert-names.js';

/**
 * Gives an account its starting catalogue: the entity Personal and the default tags. Safe to
 * run again: what exists already is left alone.
 */
export async function provisionAccount(
  manager: EntityManager,
  userId: string,
  entities: readonly string[] = [PERSONAL_ENTITY],
): Promise<void> {
  await insertNames(manager, 'entities', userId, entities);
  await insertNames(manager, 'tags', userId, DEFAULT_TAGS);
}

@Injectable()
export class AccountsService {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /**
   * `auth.user.created.v1`, once per message id (a redelivery finds it in the inbox). Returns
   * false for a redelivery. Provisioning is idempotent too, so an event without an id (never
   * sent by the outbox) still does no harm.
   */
  async onUserCreated(
    userId: string,
    messageId: string | undefined,
    pattern: string,
  ): Promise<boolean> {
    const work = (manager: EntityManager) => provisionAccount(manager, userId);
    if (!messageId) {
      await this.dataSource.transaction(work);
      return true;
    }
    return handleOnce(this.dataSource, EXPENSES_SCHEMA, messageId, pattern, work);
  }
}
