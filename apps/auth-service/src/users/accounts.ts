import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { enqueueEvent } from '@snaptrack/nest-rmq';
import { AUTH_SCHEMA } from '../config/env.js';
import { UserEmailEntity } from '../emails/user-email.entity.js';
import { dropIdentitiesLinkedBeforeProof } from './address-proof.js';
import { UserEntity } from './user.entity.js';
import { AuthEventPatterns } from '@snaptrack/contracts';

/** Apple's hide-my-email addresses: real mail reaches them, but they are no contact address. */
const RELAY_DOMAINS = ['privaterelay.appleid.com'];

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isRelayEmail(email: string): boolean {
  const domain = email.split('@')[1] ?? '';
  return RELAY_DOMAINS.some((relay) => domain === relay || domain.endsWith(`.${relay}`));
}

export interface NewAccount {
  email: string;
  fullName?: string | null;
  passwordHash?: string | null;
  /** The address was proven (a mailed link, or a provider's email_verified claim). */
  emailVerified: boolean;
  requestId: string;
}

/**
 * Creates an account with its sign-in address record and announces it (outbox, same
 * transaction). The caller runs this inside its own transaction.
 */
export async function createAccount(manager: EntityManager, account: NewAccount) {
  const email = normalizeEmail(account.email);
  const now = new Date();
  const user = manager.create(UserEntity, {
    id: randomUUID(),
    email,
    passwordHash: account.passwordHash ?? null,
    fullName: account.fullName?.trim() || null,
    hasEmail: !isRelayEmail(email),
  });
  await manager.insert(UserEntity, user);
  await manager.insert(UserEmailEntity, {
    id: randomUUID(),
    userId: user.id,
    email,
    emailType: 'primary',
    isVerified: account.emailVerified,
    optedInTransactional: true,
    optedInMarketing: false,
    createdAt: now,
    verifiedAt: account.emailVerified ? now : null,
  });
  await enqueueEvent(
    manager,
    AUTH_SCHEMA,
    AuthEventPatterns.userCreated,
    { userId: user.id, email },
    { requestId: account.requestId, userId: user.id },
  );
  return manager.findOneByOrFail(UserEntity, { id: user.id });
}

/**
 * Marks the sign-in address verified (a reset or setup link reached it, or Google/Apple vouched
 * for it). On its first proof, the Google/Apple identities linked until then go: whoever held
 * the account before proved nothing, and neither did what they linked.
 */
export async function markPrimaryVerified(manager: EntityManager, userId: string): Promise<void> {
  const proved = await manager.update(
    UserEmailEntity,
    { userId, emailType: 'primary', isVerified: false },
    { isVerified: true, verifiedAt: new Date() },
  );
  if (proved.affected) await dropIdentitiesLinkedBeforeProof(manager, userId);
}
