import { addDays } from './dates.js';
import type { DataSource } from 'typeorm';
import { DemoAccount, demoPeriodEnd, AuthEventPatterns } from '@snaptrack/contracts';
import { enqueueEvent } from '@snaptrack/nest-rmq';
import { UserEntity } from '../users/user.entity.js';
import { hashPassword } from '../session/password-hasher.js';
import { AUTH_SCHEMA } from '../config/env.js';

/**
 * Creates the demo account once (docs/architecture.md, Decisions): subscribed, username `demo`. Re-running keeps
 * the existing row but renews its subscription, so a local run always signs in. The
 * subscription itself is billing's (its migrate step seeds it, same period end); these fields
 * are only auth's read model of it, kept in step by billing.subscription.changed.v1.
 */
export async function seedDemoAccount(dataSource: DataSource): Promise<'created' | 'exists'> {
  return dataSource.transaction(async (manager) => {
    const users = manager.getRepository(UserEntity);
    const periodEnd = demoPeriodEnd();
    const existing = await users.findOneBy({ id: DemoAccount.id });
    if (existing) {
      await users.update(existing.id, {
        subscriptionStatus: 'active',
        subscriptionPeriodEnd: periodEnd,
      });
      return 'exists';
    }
    await users.insert({
      id: DemoAccount.id,
      email: DemoAccount.email,
      passwordHash: await hashPassword(DemoAccount.password),
      fullName: DemoAccount.fullName,
      emailUsername: DemoAccount.username,
      emailUsernameChangedAt: addDays(new Date(), -7),
      subscriptionStatus: 'active',
      subscriptionPeriodEnd: periodEnd,
    });
    await manager.query(
      `INSERT INTO "auth"."user_emails" ("id", "user_id", "email", "email_type", "is_verified", "verified_at")
       VALUES (gen_random_uuid(), $1, $2, 'primary', true, now()) ON CONFLICT DO NOTHING`,
      [DemoAccount.id, DemoAccount.email],
    );
    await manager.query(
      `INSERT INTO "auth"."usernames" ("username", "user_id") VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [DemoAccount.username, DemoAccount.id],
    );
    await enqueueEvent(
      manager,
      AUTH_SCHEMA,
      AuthEventPatterns.userCreated,
      {
        userId: DemoAccount.id,
        email: DemoAccount.email,
      },
      { requestId: 'seed' },
    );
    return 'created';
  });
}
