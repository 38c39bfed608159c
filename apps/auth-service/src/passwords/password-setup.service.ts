import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { PasswordSetupIssueResponse, SessionResponse } from '@snaptrack/contracts';
import { BusError } from '@snaptrack/nest-rmq';
import { type AuthConfig } from '../config/env.js';
import { ActionCodes } from '../codes/action-codes.js';
import { uniqueViolation } from '@snaptrack/nest-database';
import { appLink } from '../mail/app-link.js';
import { AuthMailer } from '../mail/auth-mailer.js';
import { createAccount, markPrimaryVerified, normalizeEmail } from '../users/accounts.js';
import { canSignIn } from '../users/address-proof.js';
import { UserEntity } from '../users/user.entity.js';
import { hashPassword } from '../session/password-hasher.js';
import { SessionService } from '../session/session.service.js';
import { passwordProblem, SETUP_MIN_LENGTH } from './password-policy.js';
import { AUTH_CONFIG, AUTH_MAILER } from '../tokens.js';

export const SETUP_TOKEN_TTL_MS = 7 * 86_400_000;

const INVALID_TOKEN = new BusError(
  'INVALID_TOKEN',
  'This setup link has expired or already been used. Please contact support.',
);

/**
 * The first password of an account created by a paid checkout: billing asks for a link, the
 * link is mailed, the page sets the password and signs the user in.
 */
@Injectable()
export class PasswordSetupService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    @Inject(ActionCodes) private readonly codes: ActionCodes,
    @Inject(AUTH_MAILER) private readonly mailer: AuthMailer,
    @Inject(SessionService) private readonly sessions: SessionService,
  ) {}

  /**
   * Billing's call after a paid checkout. A checkout proves nothing about who owns the address,
   * so it never hands anyone a way into an account that existed before it: a new account gets
   * a link mailed to its (still unproven) address; an existing one that cannot sign in yet (an
   * earlier checkout's, link unused) gets a fresh link by mail only; an existing one that can
   * sign in gets nothing, and billing holds the payment until its owner signs in and claims it.
   */
  async issue(
    request: { email: string; fullName?: string; idempotencyKey?: string },
    requestId: string,
    attempt = 0,
  ): Promise<PasswordSetupIssueResponse> {
    const email = normalizeEmail(request.email);
    const seen = await this.seen(request.idempotencyKey);
    if (seen) return seen;
    try {
      const issued = await this.dataSource.transaction(async (manager) => {
        const existing = await manager.findOneBy(UserEntity, { email });
        if (existing && (await canSignIn(manager, existing))) {
          return { user: existing, token: null, created: false };
        }
        const user =
          existing ??
          (await createAccount(manager, {
            email,
            fullName: request.fullName,
            emailVerified: false,
            requestId,
          }));
        const token = await this.codes.issue(manager, {
          purpose: 'password_setup',
          userId: user.id,
          ttlMs: SETUP_TOKEN_TTL_MS,
          idempotencyKey: request.idempotencyKey,
          replacePrevious: true,
          // Remembered for replays of the same checkout: did it create the account?
          payload: { created: !existing },
        });
        return { user, token, created: !existing };
      });
      if (issued.token) {
        // The link goes to the address and nowhere else: only its inbox can use it.
        this.mailer.passwordSetup(
          issued.user.email,
          appLink(this.config.APP_URL, '/setup-password', {
            token: issued.token,
            email: issued.user.email,
          }),
        );
      }
      return {
        userId: issued.user.id,
        created: issued.created,
        preExisting: !issued.created,
        issued: issued.token !== null,
      };
    } catch (error) {
      // A concurrent call with the same key or for the same new address won the race.
      const constraint = uniqueViolation(error);
      if (constraint === 'user_emails_claimed_key') {
        throw new BusError('EMAIL_IN_USE', 'This email is already in use');
      }
      if (constraint) {
        const again = await this.seen(request.idempotencyKey);
        if (again) return again;
        if (attempt === 0) return this.issue(request, requestId, 1);
      }
      throw error;
    }
  }

  async complete(token: string, password: string): Promise<SessionResponse> {
    const looked = await this.codes.look('password_setup', token);
    if (looked.state !== 'valid' || !looked.row?.userId) throw INVALID_TOKEN;
    const userId = looked.row.userId;
    const user = await this.dataSource.getRepository(UserEntity).findOneBy({ id: userId });
    if (!user) throw INVALID_TOKEN;
    const problem = passwordProblem(password, SETUP_MIN_LENGTH, user.email);
    if (problem) throw new BusError('WEAK_PASSWORD', problem);
    const passwordHash = await hashPassword(password);
    await this.dataSource.transaction(async (manager: EntityManager) => {
      const used = await this.codes.consume(manager, 'password_setup', token);
      if (used.state !== 'valid') throw INVALID_TOKEN;
      await manager.update(UserEntity, userId, { passwordHash });
      await manager.increment(UserEntity, { id: userId }, 'authVersion', 1);
      await this.codes.revokeOpen(manager, userId, ['password_reset', 'password_setup']);
      // The link reached this inbox: the address is proven.
      await markPrimaryVerified(manager, userId);
    });
    return this.sessions.sessionFor(userId);
  }

  private async seen(key: string | undefined): Promise<PasswordSetupIssueResponse | undefined> {
    if (!key) return undefined;
    const row = await this.codes.findByIdempotencyKey('password_setup', key);
    if (!row?.userId) return undefined;
    const created = row.payload.created === true;
    return { userId: row.userId, created, preExisting: !created, issued: false };
  }
}
