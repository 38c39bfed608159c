import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { PERSONAL_ENTITY, UNASSIGNED_ENTITY, type ExpenseEntity } from '@snaptrack/contracts';
import { BusError } from '@snaptrack/nest-rmq';
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

  /** Removes an entity; its expenses become Unassigned. Personal stays. */
  async remove(
    userId: string,
    id: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    const entity = await manager.getRepository(BusinessEntity).findOneBy({ id, userId });
    if (!entity) throw new BusError('NOT_FOUND', 'Entity not found.');
    if (isPersonal(entity.name)) {
      throw new BusError('CONFLICT', `The ${PERSONAL_ENTITY} entity cannot be removed.`);
    }
    await manager.getRepository(BusinessEntity).delete({ id, userId });
  }
}
