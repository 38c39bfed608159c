import type { ServiceSchema } from '@snaptrack/nest-database';
import { CreateOcr1764806400000 } from './migrations/1764806400000-create-ocr.js';
import { OCR_SCHEMA } from '../config/env.js';

/** SQL with row types only, no TypeORM entities (docs/architecture.md, Persistence). */
export const ocrSchema: ServiceSchema = { name: OCR_SCHEMA, migrations: [CreateOcr1764806400000] };
