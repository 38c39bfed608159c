import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { ExpenseLimits } from '../core/expenses/expense.js';
import { normalizeName, toNumber } from '../core/expenses/normalize.js';
import type { CatalogLists } from '../core/expenses/expenses.types.js';

const entityNameMessage = `An entity name can be at most ${ExpenseLimits.maxEntityNameLength} characters.`;

/** POST /api/entities. */
export class CreateEntityRequest {
  @Transform(({ value }) => normalizeName(value))
  @IsNotEmpty({ message: 'Entity name is required.' })
  @MaxLength(ExpenseLimits.maxEntityNameLength, { message: entityNameMessage })
  @IsString({ message: 'Entity name is required.' })
  name!: string;

  @IsOptional()
  @MaxLength(ExpenseLimits.maxEntityDescriptionLength, {
    message: `Description can be at most ${ExpenseLimits.maxEntityDescriptionLength} characters.`,
  })
  @IsString({ message: 'Description must be text.' })
  description?: string | null;
}

/** An entity of the signed-in user, by id. */
export class EntityIdRequest {
  @IsUUID('all', { message: 'Entity not found.' })
  id!: string;
}

/**
 * DELETE /api/entities/{id}?move_to={entity id}: removes the entity; its expenses move to
 * `moveTo` (another of the user's entities) or, without it, become Unassigned.
 */
export class RemoveEntityRequest extends EntityIdRequest {
  @IsOptional()
  @IsUUID('all', { message: 'Move the expenses to another of your entities.' })
  moveTo?: string;
}

/** The query of DELETE /api/entities/{id}. */
export class RemoveEntityQuery {
  @IsOptional()
  @IsUUID('all', { message: 'Move the expenses to another of your entities.' })
  move_to?: string;
}

/** Popular tags (no `q`) or a search (`q`): prefix matches first, then the rest. */
export class SearchTagsRequest {
  @IsOptional()
  @MaxLength(ExpenseLimits.maxTagLength, { message: 'q can be at most 50 characters.' })
  @IsString({ message: 'q must be text.' })
  q?: string;

  @IsOptional()
  @Transform(toNumber)
  @Min(1, { message: 'limit must be a whole number from 1 to 50.' })
  @Max(50, { message: 'limit must be a whole number from 1 to 50.' })
  @IsInt({ message: 'limit must be a whole number from 1 to 50.' })
  limit?: number;
}

/**
 * The Settings dialog's lists as the server should hold them: entities and tags missing from
 * the lists are removed (never Personal), new ones added, blank entries ignored.
 */
export class UpdateCatalogRequest implements CatalogLists {
  @ArrayMaxSize(200, { message: 'entities can hold at most 200 names.' })
  @MaxLength(ExpenseLimits.maxEntityNameLength, { each: true, message: entityNameMessage })
  @IsString({ each: true, message: 'entities must be a list of names.' })
  @IsArray({ message: 'entities must be a list of names.' })
  entities!: string[];

  @ArrayMaxSize(500, { message: 'tags can hold at most 500 tags.' })
  @MaxLength(ExpenseLimits.maxTagLength, {
    each: true,
    message: `A tag can be at most ${ExpenseLimits.maxTagLength} characters.`,
  })
  @IsString({ each: true, message: 'tags must be a list of tags.' })
  @IsArray({ message: 'tags must be a list of tags.' })
  tags!: string[];
}

/** POST /api/user/settings: older clients also send emailSettings, which are read-only. */
export class UpdateSettingsBody extends UpdateCatalogRequest {
  @IsOptional()
  @IsObject({ message: 'emailSettings must be an object.' })
  emailSettings?: Record<string, unknown>;
}

/** The entity and tag lists of the Settings dialog (names, sorted). */
export interface CatalogResponse {
  entities: string[];
  tags: string[];
}
