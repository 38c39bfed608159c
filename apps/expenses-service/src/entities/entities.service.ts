import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  PERSONAL_ENTITY,
  UNASSIGNED_ENTITY,
  type ExpenseEntity,
  type ListedEntity,
} from '@snaptrack/contracts';
import { BusError } from '@snaptrack/nest-rmq';
import { EXPENSE_PARTS_TABLE, EXPENSES_TABLE } from '../expenses/expense-row.js';
import { ExpensesRepository } from '../expenses/expenses.repository.js';
import { BusinessEntity } from './business-entity.entity.js';
import { compareEntityNames, isPersonal, isReservedEntityName } from './entity-names.js';

function toContract(entity: Pick<BusinessEntity, 'id' | 'name' | 'description'>): ExpenseEntity {
  return { id: entity.id, name: entity.name, description: entity.description };
}

@Injectable()
export class EntitiesService {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** Personal first, then by name. */
  async list(userId: string, manager: EntityManager = this.dataSource.manager) {
    const rows = await manager.getRepository(BusinessEntity).findBy({ userId });
    return rows.sort((a, b) => compareEntityNames(a.name, b.name)).map(toContract);
  }

  /** The list with each entity's expense count (Settings says what a removal affects). */
  async listWithCounts(userId: string): Promise<ListedEntity[]> {
    const rows: (ExpenseEntity & { expenseCount: string })[] = await this.dataSource.query(
      // An expense counts once, whether it or parts of it (a split receipt) are in the entity.
      `SELECT n."id", n."name", n."description", count(DISTINCT x."expense_id") AS "expenseCount"
       FROM "expenses"."entities" n
       LEFT JOIN (
         SELECT e."id" AS "expense_id", e."entity_id" FROM ${EXPENSES_TABLE} e WHERE e."user_id" = $1
         UNION ALL
         SELECT p."expense_id", p."entity_id" FROM ${EXPENSE_PARTS_TABLE} p WHERE p."user_id" = $1
       ) x ON x."entity_id" = n."id"
       WHERE n."user_id" = $1
       GROUP BY n."id"`,
      [userId],
    );
    return rows
      .sort((a, b) => compareEntityNames(a.name, b.name))
      .map((row) => ({ ...toContract(row), expenseCount: Number(row.expenseCount) }));
  }

  async create(
    userId: string,
    name: string,
    description: string | null = null,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<ExpenseEntity> {
    if (isReservedEntityName(name)) {
      throw new BusError(
        'VALIDATION_FAILED',
        `'${UNASSIGNED_ENTITY}' is reserved for expenses without an entity. Please choose another name.`,
        { fields: ['name'] },
      );
    }
    const rows: Pick<BusinessEntity, 'id' | 'name' | 'description'>[] = await manager.query(
      `INSERT INTO "expenses"."entities" ("id", "user_id", "name", "description")
       VALUES ($1, $2, $3, $4) ON CONFLICT ("user_id", lower("name")) DO NOTHING
       RETURNING "id", "name", "description"`,
      [randomUUID(), userId, name, description?.trim() || null],
    );
    if (!rows[0]) {
      throw new BusError('CONFLICT', `You already have an entity named '${name}'.`, {
        fields: ['name'],
      });
    }
    return toContract(rows[0]);
  }

  /**
   * Removes an entity; its expenses move to `moveTo` (another of the user's entities) or
   * become Unassigned. Personal stays. The move and the removal commit together or not at all.
   */
  async remove(
    userId: string,
    id: string,
    moveTo?: string,
    manager?: EntityManager,
  ): Promise<void> {
    if (!manager) {
      return this.dataSource.transaction((tx) => this.remove(userId, id, moveTo, tx));
    }
    const repo = manager.getRepository(BusinessEntity);
    const entity = await repo.findOne({
      where: { id, userId },
      lock: { mode: 'pessimistic_write' },
    });
    if (!entity) throw new BusError('NOT_FOUND', 'Entity not found.');
    if (isPersonal(entity.name)) {
      throw new BusError('CONFLICT', `The ${PERSONAL_ENTITY} entity cannot be removed.`);
    }
    if (moveTo !== undefined) {
      const target = moveTo === id ? null : await repo.findOneBy({ id: moveTo, userId });
      if (!target) {
        throw new BusError('VALIDATION_FAILED', 'Move the expenses to another of your entities.', {
          fields: ['move_to'],
        });
      }
      await ExpensesRepository.moveEntity(manager, userId, id, moveTo);
    }
    await repo.delete({ id, userId });
  }
}
