import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { DEFAULT_TAGS, PERSONAL_ENTITY } from '@snaptrack/contracts';
import { handleOnce } from '@snaptrack/nest-rmq';
import { EXPENSES_SCHEMA } from '../config/env.js';

/**
 * Gives an account its starting catalogue: the entity Personal and the default tags. Safe to
 * run again: what exists already is left alone.
 */
export async function provisionAccount(
  manager: EntityManager,
  userId: string,
  entities: readonly string[] = [PERSONAL_ENTITY],
): Promise<void> {
  await manager.query(
    `INSERT INTO "expenses"."entities" ("id", "user_id", "name")
     SELECT t."id", $1, t."name" FROM unnest($2::uuid[], $3::text[]) AS t("id", "name")
     ON CONFLICT ("user_id", lower("name")) DO NOTHING`,
    [userId, entities.map(() => randomUUID()), entities],
  );
  await manager.query(
    `INSERT INTO "expenses"."tags" ("id", "user_id", "name")
     SELECT t."id", $1, t."name" FROM unnest($2::uuid[], $3::text[]) AS t("id", "name")
     ON CONFLICT ("user_id", lower("name")) DO NOTHING`,
    [userId, DEFAULT_TAGS.map(() => randomUUID()), DEFAULT_TAGS],
  );
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
