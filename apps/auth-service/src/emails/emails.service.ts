import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type Repository } from 'typeorm';
import type { AddEmailRequest, UpdateEmailRequest, UserEmailRecord } from '@snaptrack/contracts';
import { BusError } from '@snaptrack/nest-rmq';
import { type AuthConfig } from '../config/env.js';
import { ActionCodes } from '../codes/action-codes.js';
import { uniqueViolation } from '@snaptrack/nest-database';
import { appLink } from '../mail/app-link.js';
import { AuthMailer } from '../mail/auth-mailer.js';
import { RateLimiter } from '../rate-limit/rate-limiter.js';
import { normalizeEmail } from '../users/accounts.js';
import { dropIdentitiesLinkedBeforeProof } from '../users/address-proof.js';
import { UserEntity } from '../users/user.entity.js';
import { toEmailRecord } from './email.mapper.js';
import { UserEmailEntity } from './user-email.entity.js';
import { AUTH_CONFIG, AUTH_MAILER } from '../tokens.js';

const VERIFY_TTL_MS = 86_400_000;
const RESENDS = { bucket: 'verify-email', limit: 5, windowMs: 3_600_000 };
const IN_USE = () => new BusError('EMAIL_IN_USE', 'This email is already in use');
const NOT_FOUND = () => new BusError('NOT_FOUND', 'Email not found.');
const BAD_LINK = () =>
  new BusError('VALIDATION_FAILED', 'This verification link is invalid or has expired.');

/**
 * A user's addresses: the sign-in address and the ones they add (a contact address for
 * private-relay users). Every query is scoped to the user; someone else's id is a 404.
 */
@Injectable()
export class EmailsService {
  private readonly emails: Repository<UserEmailEntity>;

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    @Inject(ActionCodes) private readonly codes: ActionCodes,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
    @Inject(AUTH_MAILER) private readonly mailer: AuthMailer,
  ) {
    this.emails = dataSource.getRepository(UserEmailEntity);
  }

  async list(userId: string): Promise<UserEmailRecord[]> {
    const rows = await this.emails.find({ where: { userId }, order: { createdAt: 'ASC' } });
    const rank = { primary: 0, contact: 1, additional: 2 } as const;
    return rows.sort((a, b) => rank[a.emailType] - rank[b.emailType]).map(toEmailRecord);
  }

  async add(userId: string, request: AddEmailRequest): Promise<UserEmailRecord> {
    const email = normalizeEmail(request.email);
    const claimed = await this.emails.findOne({
      where: [
        { email, emailType: 'primary' },
        { email, isVerified: true },
        { email, userId },
      ],
    });
    if (claimed) throw IN_USE();
    try {
      const row = await this.dataSource.transaction(async (manager) => {
        const user = await manager.findOneByOrFail(UserEntity, { id: userId });
        // A user without a real address (private relay) gets this one as contact address.
        const needsContact = !user.hasEmail && !user.contactEmail;
        const created = manager.create(UserEmailEntity, {
          id: randomUUID(),
          userId,
          email,
          emailType: needsContact ? 'contact' : 'additional',
          isVerified: false,
          optedInTransactional: request.opted_in_transactional ?? true,
          optedInMarketing: request.opted_in_marketing ?? false,
          createdAt: new Date(),
          verifiedAt: null,
        });
        await manager.insert(UserEmailEntity, created);
        if (needsContact) await manager.update(UserEntity, userId, { contactEmail: email });
        return created;
      });
      await this.sendLink(row);
      return toEmailRecord(row);
    } catch (error) {
      if (uniqueViolation(error)) throw IN_USE();
      throw error;
    }
  }

  async update(userId: string, id: string, request: UpdateEmailRequest): Promise<UserEmailRecord> {
    const row = await this.owned(userId, id);
    const changes: Partial<UserEmailEntity> = {};
    if (request.opted_in_transactional !== undefined) {
      changes.optedInTransactional = request.opted_in_transactional;
    }
    if (request.opted_in_marketing !== undefined) {
      changes.optedInMarketing = request.opted_in_marketing;
    }
    if (Object.keys(changes).length) await this.emails.update({ id, userId }, changes);
    return toEmailRecord({ ...row, ...changes });
  }

  async remove(userId: string, id: string): Promise<void> {
    const row = await this.owned(userId, id);
    if (row.emailType === 'primary') {
      throw new BusError('FORBIDDEN', 'Your sign-in email cannot be removed.');
    }
    await this.dataSource.transaction(async (manager) => {
      await manager.delete(UserEmailEntity, { id, userId });
      if (row.emailType === 'contact') {
        await manager.update(
          UserEntity,
          { id: userId, contactEmail: row.email },
          { contactEmail: null },
        );
      }
    });
  }

  /** Sends (again) a verification link: a real mail, limited to 5 an hour per address. */
  async resend(userId: string, id: string): Promise<void> {
    const row = await this.owned(userId, id);
    if (row.isVerified) return;
    const decision = await this.limiter.hit(RESENDS, row.id);
    if (!decision.allowed) {
      throw new BusError(
        'RATE_LIMITED',
        'Too many verification emails. Please try again in an hour.',
      );
    }
    await this.sendLink(row);
  }

  /** Public: the link from the mail. Proves the address and, once, claims it for this user. */
  async verify(id: string, token: string): Promise<UserEmailRecord> {
    const looked = await this.codes.look('email_verify', token);
    if (looked.state !== 'valid' || looked.row?.payload.emailId !== id) throw BAD_LINK();
    try {
      return await this.dataSource.transaction(async (manager) => {
        const used = await this.codes.consume(manager, 'email_verify', token);
        if (used.state !== 'valid') throw BAD_LINK();
        const row = await manager.findOneBy(UserEmailEntity, {
          id,
          userId: used.row?.userId ?? '',
        });
        if (!row) throw BAD_LINK();
        const verifiedAt = new Date();
        await manager.update(UserEmailEntity, id, { isVerified: true, verifiedAt });
        if (row.emailType === 'primary' && !row.isVerified) {
          // The inbox owner has just proven the sign-in address; whoever held the account
          // until now (e.g. a checkout made for someone else's address) proved nothing, so
          // every session of theirs ends and what they linked goes, as after the setup link.
          await manager.increment(UserEntity, { id: row.userId }, 'authVersion', 1);
          await dropIdentitiesLinkedBeforeProof(manager, row.userId);
        }
        return toEmailRecord({ ...row, isVerified: true, verifiedAt });
      });
    } catch (error) {
      if (uniqueViolation(error)) throw IN_USE();
      throw error;
    }
  }

  private async owned(userId: string, id: string): Promise<UserEmailEntity> {
    const row = await this.emails.findOneBy({ id, userId });
    if (!row) throw NOT_FOUND();
    return row;
  }

  private async sendLink(row: UserEmailEntity): Promise<void> {
    const token = await this.dataSource.transaction((manager) =>
      this.codes.issue(manager, {
        purpose: 'email_verify',
        userId: row.userId,
        ttlMs: VERIFY_TTL_MS,
        payload: { emailId: row.id },
      }),
    );
    this.mailer.verifyEmail(
      row.email,
      appLink(this.config.APP_URL, '/verify-email', { id: row.id, token }, { appRoute: true }),
    );
  }
}
