import type { UserEmailRecord } from '@snaptrack/contracts';
import type { UserEmailEntity } from './user-email.entity.js';

export function toEmailRecord(row: UserEmailEntity): UserEmailRecord {
  return {
    id: row.id,
    email: row.email,
    email_type: row.emailType,
    is_verified: row.isVerified,
    opted_in_transactional: row.optedInTransactional,
    opted_in_marketing: row.optedInMarketing,
    created_at: row.createdAt.toISOString(),
    verified_at: row.verifiedAt?.toISOString() ?? null,
  };
}
