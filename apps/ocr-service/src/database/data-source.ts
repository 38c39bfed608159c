import { createServiceDataSource } from '@snaptrack/nest-database';
import { CreateOcr1764806400000 } from './migrations/1764806400000-create-ocr.js';
import { OCR_SCHEMA } from '../config/env.js';

/** SQL with row types only, no TypeORM entities (docs/architecture.md, Persistence). */
export const ocrEntities = [];
export const ocrMigrations = [CreateOcr1764806400000];

export function createOcrDataSource(url: string) {
  return createServiceDataSource({
    url,
    schema: OCR_SCHEMA,
    entities: ocrEntities,
    migrations: ocrMigrations,
  });
}
