import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { MessageResponse, PasswordResetVerifyResponse } from '@snaptrack/contracts';
import { BusError } from '@snaptrack/nest-rmq';
import { type AuthConfig } from '../config/env.js';
import { ActionCodes } from '../codes/action-codes.js';
import type { CodeState } from '../codes/code-state.js';
import { appLink } from '../mail/app-link.js';
import { AuthMailer } from '../mail/auth-mailer.js';
import { RateLimiter } from '../rate-limit/rate-limiter.js';
import { retryAfterSeconds, type RateDecision, type RateRule } from '../rate-limit/window.js';
import { markPrimaryVerified, normalizeEmail } from '../users/accounts.js';
import { UserEntity } from '../users/user.entity.js';
import { hashPassword } from '../session/password-hasher.js';
import { passwordProblem, RESET_MIN_LENGTH } from './password-policy.js';
import { AUTH_CONFIG, AUTH_MAILER } from '../tokens.js';

const HOUR = 3_600_000;
export const RESET_CODE_TTL_MS = HOUR;
const PER_EMAIL: RateRule = { bucket: 'reset-email', limit: 3, windowMs: HOUR };
const PER_IP: RateRule = { bucket: 'reset-ip', limit: 20, windowMs: HOUR };
/** Wrong or stale codes presented from one address (on top of 256-bit codes). */
const GUESSES_PER_IP: RateRule = { bucket: 'reset-guess-ip', limit: 10, windowMs: 60_000 };

export const RESET_SENT_MESSAGE =
  'If an account exists with this email, you will receive a password reset link.';
const TOO_MANY = 'Too many reset attempts. Please try again in an hour.';

/**
 * Forgot password (OWASP Forgot Password Cheat Sheet): one answer and one timing for known and
 * unknown addresses, per-address limits, hashed single-use codes that expire, a fixed link host,
 * no sign-in on success, every other session ended, and a notification afterwards.
 */
@Injectable()
export class PasswordResetService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    @Inject(ActionCodes) private readonly codes: ActionCodes,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
    @Inject(AUTH_MAILER) private readonly mailer: AuthMailer,
  ) {}

  /**
   * Answers as soon as its work is done: the one-second floor (which hides whether an
   * account exists) is kept by the gateway, where waiting holds no worker slot of ours.
   */
  async request(email: string, clientIp?: string): Promise<MessageResponse> {
    const address = normalizeEmail(email);
    // Counted per address whether or not an account has it, so the fourth answer is the same.
    const perEmail = await this.limiter.hit(PER_EMAIL, address);
    const perIp = clientIp ? await this.limiter.hit(PER_IP, clientIp) : undefined;
    const spent = [perEmail, perIp].filter(
      (decision): decision is RateDecision => decision !== undefined && !decision.allowed,
    );
    if (spent.length) {
      // Every 429 says when to come back, the gateway's Retry-After among them.
      throw new BusError('RATE_LIMITED', TOO_MANY, {
        retry_after_seconds: retryAfterSeconds(spent, new Date()),
      });
    }
    const user = await this.dataSource.getRepository(UserEntity).findOneBy({ email: address });
    if (user) {
      const code = await this.dataSource.transaction((manager) =>
        this.codes.issue(manager, {
          purpose: 'password_reset',
          userId: user.id,
          ttlMs: RESET_CODE_TTL_MS,
          replacePrevious: true,
        }),
      );
      // The login page hands mode=resetPassword&oobCode=... on to /reset-password.
      this.mailer.passwordReset(
        user.email,
        appLink(
          this.config.APP_URL,
          '/login',
          { mode: 'resetPassword', oobCode: code },
          { appRoute: true },
        ),
      );
    }
    return { success: true, message: RESET_SENT_MESSAGE };
  }

  async verify(oobCode: string, clientIp?: string): Promise<PasswordResetVerifyResponse> {
    await this.refuseGuesser(clientIp);
    const { state, row } = await this.codes.look('password_reset', oobCode);
    if (state !== 'valid' || !row?.userId) return this.refuse(state, clientIp);
    const user = await this.dataSource.getRepository(UserEntity).findOneBy({ id: row.userId });
    if (!user) return this.refuse('unknown', clientIp);
    return { success: true, email: user.email };
  }

  async confirm(oobCode: string, password: string, clientIp?: string): Promise<MessageResponse> {
    await this.refuseGuesser(clientIp);
    const looked = await this.codes.look('password_reset', oobCode);
    if (looked.state !== 'valid' || !looked.row?.userId) return this.refuse(looked.state, clientIp);
    const user = await this.dataSource
      .getRepository(UserEntity)
      .findOneBy({ id: looked.row.userId });
    if (!user) return this.refuse('unknown', clientIp);
    const problem = passwordProblem(password, RESET_MIN_LENGTH, user.email);
    if (problem) throw new BusError('WEAK_PASSWORD', problem);
    const passwordHash = await hashPassword(password);
    await this.dataSource.transaction(async (manager) => {
      const used = await this.codes.consume(manager, 'password_reset', oobCode);
      if (used.state !== 'valid') return this.refuse(used.state, clientIp);
      // A new password ends every session and every outstanding link (no automatic sign-in).
      await manager.update(UserEntity, user.id, { passwordHash });
      await manager.increment(UserEntity, { id: user.id }, 'authVersion', 1);
      await this.codes.revokeOpen(manager, user.id, ['password_reset', 'password_setup']);
      await markPrimaryVerified(manager, user.id);
    });
    this.mailer.passwordChanged(user.email);
    return { success: true, message: 'Your password has been reset. Please sign in.' };
  }

  private async refuseGuesser(clientIp: string | undefined): Promise<void> {
    if (!clientIp) return;
    const decision = await this.limiter.check(GUESSES_PER_IP, clientIp);
    if (!decision.allowed) {
      throw new BusError('RATE_LIMITED', 'Too many attempts. Please try again in a minute.', {
        retry_after_seconds: retryAfterSeconds([decision], new Date()),
      });
    }
  }

  private async refuse(state: CodeState, clientIp: string | undefined): Promise<never> {
    if (clientIp) await this.limiter.hit(GUESSES_PER_IP, clientIp);
    throw actionCodeError(state);
  }
}

/**
 * Expired, used and unknown (or superseded) codes are told apart by code: each page says what to do
 * next.
 */
export function actionCodeError(state: CodeState): BusError {
  switch (state) {
    case 'expired':
      return new BusError(
        'EXPIRED_ACTION_CODE',
        'This password reset link has expired. Please request a new one.',
      );
    case 'used':
      return new BusError(
        'USED_ACTION_CODE',
        'This password reset link is invalid or has already been used.',
      );
    case 'revoked':
    case 'unknown':
    case 'valid':
      return new BusError(
        'INVALID_ACTION_CODE',
        'This password reset link is invalid or has already been used.',
      );
  }
}
