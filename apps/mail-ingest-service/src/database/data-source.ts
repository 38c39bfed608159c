import type { ServiceSchema } from '@snaptrack/nest-database';
import { MAIL_SCHEMA } from '../config/env.js';
import { CreateInboundMail1764720000000 } from './migrations/1764720000000-create-inbound-mail.js';
import { RecipientHourlyIndex1765420000000 } from './migrations/1765420000000-recipient-hourly-index.js';
import { RawMailLifecycle1765500000000 } from './migrations/1765500000000-raw-mail-lifecycle.js';
import { MailRetries1766100000000 } from './migrations/1766100000000-mail-retries.js';
import { SenderRules1766200000000 } from './migrations/1766200000000-sender-rules.js';

/** SQL with row types only, no TypeORM entities (docs/architecture.md, Persistence). */
export const mailIngestSchema: ServiceSchema = {
  name: MAIL_SCHEMA,
  migrations: [
    CreateInboundMail1764720000000,
    RecipientHourlyIndex1765420000000,
    RawMailLifecycle1765500000000,
    MailRetries1766100000000,
    SenderRules1766200000000,
  ],
};
