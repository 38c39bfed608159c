import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  cooldownHoursLeft,
  normalizeUsername,
  suggestedUsername,
  suggestionCandidates,
  usernameErrors,
  type ReceiptAddressResponse,
  type UsernameAssignResponse,
  type UsernameCheckResponse,
  type UsernameHistoryEntry,
} from '@snaptrack/contracts';
import { BusError } from '@snaptrack/nest-rmq';
import { type AuthConfig } from '../config/env.js';
import { UserEntity } from '../users/user.entity.js';
import { UsernameHistoryEntity } from './username-history.entity.js';
import { parseReceiptAddress } from './receipt-address.js';
import { AUTH_CONFIG, CLOCK, type Clock } from '../tokens.js';

const TAKEN = 'This username is already taken';

/**
 * Usernames and with them the personal receipt address. Every name ever assigned stays in
 * `auth.usernames` with its owner, so a released address never reaches someone else, and the
 * table's primary key (not a read-then-write) decides between concurrent assigns.
 */
@Injectable()
export class UsernameService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async check(userId: string, raw: string): Promise<UsernameCheckResponse> {
    const username = normalizeUsername(raw);
    const errors = usernameErrors(username);
    if (errors.length === 0 && (await this.takenByOther(userId, [username])).length > 0) {
      errors.push(TAKEN);
    }
    const suggestions = errors.length ? await this.suggestions(userId, username) : [];
    const available = errors.length === 0;
    const address = available ? `${username}@${this.config.MAIL_DOMAIN}` : null;
    return { username, available, errors, suggestions, address };
  }

  async assign(userId: string, raw: string): Promise<UsernameAssignResponse> {
    const username = normalizeUsername(raw);
    const [problem] = usernameErrors(username);
    if (problem) throw new BusError('USERNAME_INVALID', problem);
    const now = this.clock.now();
    const user = await this.dataSource.transaction(async (manager) => {
      // The user's row lock serialises their own concurrent assigns (one cooldown, one history).
      const current = await manager.findOne(UserEntity, {
        where: { id: userId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!current) throw new BusError('NOT_FOUND', 'User not found.');
      if (current.emailUsername === username) return current;
      const hours = cooldownHoursLeft(current.emailUsernameChangedAt, now);
      if (hours > 0) {
        throw new BusError(
          'USERNAME_COOLDOWN',
          `You can change your username again in ${hours} hour${hours === 1 ? '' : 's'}.`,
          { remaining_hours: hours },
        );
      }
      // Claims the name, or re-takes one of the user's own earlier names; another owner's row
      // (already there, or committed by a concurrent assign we waited for) returns nothing.
      const claimed: unknown[] = await manager.query(
        `INSERT INTO "auth"."usernames" ("username", "user_id") VALUES ($1, $2)
         ON CONFLICT ("username") DO UPDATE SET "user_id" = EXCLUDED."user_id"
         WHERE "usernames"."user_id" = EXCLUDED."user_id" RETURNING "username"`,
        [username, userId],
      );
      if (claimed.length === 0) throw new BusError('USERNAME_TAKEN', TAKEN);
      await manager.update(UserEntity, userId, {
        emailUsername: username,
        emailUsernameChangedAt: now,
      });
      await manager.insert(UsernameHistoryEntity, {
        id: randomUUID(),
        userId,
        oldUsername: current.emailUsername,
        newUsername: username,
        changedAt: now,
        changedBy: 'user',
      });
      return { ...current, emailUsername: username, emailUsernameChangedAt: now };
    });
    return {
      username,
      snaptrack_email: `${username}@${this.config.MAIL_DOMAIN}`,
      email_username_changed_at: (user.emailUsernameChangedAt ?? now).toISOString(),
    };
  }

  async history(userId: string): Promise<UsernameHistoryEntry[]> {
    const rows = await this.dataSource.getRepository(UsernameHistoryEntity).find({
      where: { userId },
      order: { changedAt: 'DESC' },
      take: 50,
    });
    return rows.map((row) => ({
      old_username: row.oldUsername,
      new_username: row.newUsername,
      changed_at: row.changedAt.toISOString(),
      changed_by: row.changedBy,
    }));
  }

  /** The owner of a receipt address: its current username or legacy subdomain, else nobody. */
  async resolveReceiptAddress(address: string): Promise<ReceiptAddressResponse> {
    const key = parseReceiptAddress(address, this.config.MAIL_DOMAIN);
    if (!key) return { userId: null };
    const user = await this.dataSource
      .getRepository(UserEntity)
      .findOneBy(
        key.kind === 'username'
          ? { emailUsername: key.username }
          : { personalSubdomain: key.subdomain },
      );
    return { userId: user?.id ?? null };
  }

  /** Up to three free, valid alternatives. */
  private async suggestions(userId: string, wanted: string): Promise<string[]> {
    const user = await this.dataSource.getRepository(UserEntity).findOneBy({ id: userId });
    const fallback = user ? suggestedUsername(user.fullName, user.email) : 'user';
    const candidates = suggestionCandidates(wanted, fallback || 'user');
    const taken = new Set(await this.takenByOther(userId, candidates));
    return candidates.filter((name) => !taken.has(name)).slice(0, 3);
  }

  private async takenByOther(userId: string, names: string[]): Promise<string[]> {
    const rows: { username: string }[] = await this.dataSource.query(
      `SELECT "username" FROM "auth"."usernames" WHERE "username" = ANY($1) AND "user_id" <> $2`,
      [names, userId],
    );
    return rows.map((row) => row.username);
  }
}
