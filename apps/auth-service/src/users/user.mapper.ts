import type { ProductUser } from '@snaptrack/contracts';
import type { UserEntity } from './user.entity.js';

export interface MapperSettings {
  mailDomain: string;
  billingOff: boolean;
  now?: Date;
}

/**
 * Billing's entitlement as auth's read model holds it: access continues through past_due
 * until its grace ends and until the end of a cancelled, paid period (`subscriptionPeriodEnd`
 * is when access ends without a further change; none for an open past_due).
 */
export function hasActiveSubscription(user: UserEntity, settings: MapperSettings): boolean {
  if (settings.billingOff) return true;
  if (user.subscriptionStatus === 'active') return true;
  const now = settings.now ?? new Date();
  if (user.subscriptionStatus === 'past_due') {
    return !user.subscriptionPeriodEnd || user.subscriptionPeriodEnd > now;
  }
  return (
    user.subscriptionStatus === 'canceled' &&
    !!user.subscriptionPeriodEnd &&
    user.subscriptionPeriodEnd > now
  );
}

export function receiptAddress(user: UserEntity, mailDomain: string): string | null {
  if (user.emailUsername) return `${user.emailUsername}@${mailDomain}`;
  if (user.personalSubdomain) return `expense@${user.personalSubdomain}.${mailDomain}`;
  return null;
}

export function toProductUser(user: UserEntity, settings: MapperSettings): ProductUser {
  return {
    id: user.id,
    email: user.email,
    full_name: user.fullName,
    avatar_url: user.avatarUrl,
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
    firebase_uid: user.id,
    auth_version: user.authVersion,
    has_email: user.hasEmail,
    contact_email: user.contactEmail ?? (user.hasEmail ? user.email : null),
    snaptrack_email: receiptAddress(user, settings.mailDomain),
    email_username: user.emailUsername,
    email_username_changed_at: user.emailUsernameChangedAt?.toISOString() ?? null,
    personal_subdomain: user.personalSubdomain,
    has_active_subscription: hasActiveSubscription(user, settings),
  };
}
