import type { EntityManager } from 'typeorm';
import { UserEmailEntity } from '../emails/user-email.entity.js';
import { IdentityEntity } from '../oidc/identity.entity.js';
import { UserEntity } from './user.entity.js';

/**
 * Whether the account's sign-in address is proven: a mailed link reached it, or Google/Apple
 * vouched for it. Only an unverified address record counts as unproven (accounts older than
 * the address records have none and were all made by a proven path).
 */
export async function primaryAddressProven(
  manager: EntityManager,
  userId: string,
): Promise<boolean> {
  const unproven = await manager.existsBy(UserEmailEntity, {
    userId,
    emailType: 'primary',
    isVerified: false,
  });
  return !unproven;
}

/** A password or a linked Google/Apple identity: the account's owner can already sign in. */
export async function canSignIn(manager: EntityManager, user: UserEntity): Promise<boolean> {
  if (user.passwordHash) return true;
  return manager.existsBy(IdentityEntity, { userId: user.id });
}

/**
 * The account's sign-in address has just been proven for the first time: every Google/Apple
 * identity linked before that was linked by someone who had proven nothing, so it goes (the
 * owner links again if it was theirs).
 */
export async function dropIdentitiesLinkedBeforeProof(
  manager: EntityManager,
  userId: string,
): Promise<void> {
  await manager.delete(IdentityEntity, { userId });
}
