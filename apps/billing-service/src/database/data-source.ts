import type { ServiceSchema } from '@snaptrack/nest-database';
import { CreateBilling1764720000000 } from './migrations/1764720000000-create-billing.js';
import { PastDueSince1765420000000 } from './migrations/1765420000000-past-due-since.js';
import { CheckoutClaims1767225600000 } from './migrations/1767225600000-checkout-claims.js';
import { BILLING_SCHEMA } from '../config/env.js';

/** SQL with row types only, no TypeORM entities (docs/architecture.md, Persistence). */
export const billingSchema: ServiceSchema = {
  name: BILLING_SCHEMA,
  migrations: [CreateBilling1764720000000, PastDueSince1765420000000, CheckoutClaims1767225600000],
};
