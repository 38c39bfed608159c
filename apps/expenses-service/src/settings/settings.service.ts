import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  normalizeName,
  normalizeTags,
  PERSONAL_ENTITY,
  type CatalogResponse,
  type UpdateCatalogRequest,
} from '@snaptrack/contracts';
import { BusError } from '@snaptrack/nest-rmq';
import { EntitiesService } from '../entities/entities.service.js';
import { isPersonal } from '../entities/entity-names.js';
import { replaceCatalogue } from '../tags/tag-catalog.js';
import { TagsService } from '../tags/tags.service.js';

/** Blank entries dropped, names trimmed, the first spelling of a name kept. */
function distinctNames(names: string[]): string[] {
  return normalizeTags(names.map((name) => normalizeName(name))) as string[];
}

/** The Settings dialog's entity and tag lists. */
@Injectable()
export class SettingsService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(EntitiesService) private readonly entities: EntitiesService,
    @Inject(TagsService) private readonly tags: TagsService,
  ) {}

  async get(userId: string, manager: EntityManager = this.dataSource.manager) {
    const [entities, tags] = await Promise.all([
      this.entities.list(userId, manager),
      this.tags.list(userId, manager),
    ]);
    return { entities: entities.map((entity) => entity.name), tags };
  }

  /**
   * Makes the server's lists equal the given ones, all or nothing: missing entries are removed
   * (an entity's expenses become Unassigned; a tag stays on the expenses that carry it), new
   * ones added. Returns the lists as stored.
   */
  async update(userId: string, request: UpdateCatalogRequest): Promise<CatalogResponse> {
    return this.dataSource.transaction(async (manager) => {
      const wantedEntities = distinctNames(request.entities);
      const wantedTags = distinctNames(request.tags);
      const current = await this.entities.list(userId, manager);
      const wanted = new Set(wantedEntities.map((name) => name.toLowerCase()));
      const have = new Set(current.map((entity) => entity.name.toLowerCase()));
      for (const entity of current) {
        if (wanted.has(entity.name.toLowerCase())) continue;
        if (isPersonal(entity.name)) {
          throw new BusError('CONFLICT', `The ${PERSONAL_ENTITY} entity cannot be removed.`);
        }
        await this.entities.remove(userId, entity.id, undefined, manager);
      }
      for (const name of wantedEntities) {
        if (!have.has(name.toLowerCase())) await this.entities.create(userId, name, null, manager);
      }
      await replaceCatalogue(manager, userId, wantedTags);
      return this.get(userId, manager);
    });
  }
}
