import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  ChangePasswordMessages,
  ChangePasswordRules,
  type SessionResponse,
} from '@snaptrack/contracts';
import { BusError } from '@snaptrack/nest-rmq';
import { ActionCodes } from '../codes/action-codes.js';
import { AuthMailer } from '../mail/auth-mailer.js';
import { RateLimiter } from '../rate-limit/rate-limiter.js';
import { retryAfterSeconds, type RateRule } from '../rate-limit/window.js';
import { UserEntity } from '../users/user.entity.js';
import { hashPassword, verifyPassword } from '../session/password-hasher.js';
import { SessionService } from '../session/session.service.js';
import { passwordProblem } from './password-policy.js';
import { AUTH_MAILER } from '../tokens.js';

/** Wrong current passwords per account: a stolen session cannot guess the password. */
const WRONG_CURRENT: RateRule = { bucket: 'change-password', limit: 5, windowMs: 15 * 60_000 };

/**
 * Account settings' Change password: the current password proves the person, the new one
 * follows the setup rule, every other session ends (auth_version) and this device gets a fresh
 * token, so it stays signed in.
 */
@Injectable()
export class PasswordChangeService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(ActionCodes) private readonly codes: ActionCodes,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
    @Inject(SessionService) private readonly sessions: SessionService,
    @Inject(AUTH_MAILER) private readonly mailer: AuthMailer,
  ) {}

  async change(userId: string, current: string, next: string): Promise<SessionResponse> {
    const user = await this.dataSource.getRepository(UserEntity).findOneBy({ id: userId });
    if (!user) throw new BusError('NOT_FOUND', 'User not found.');
    if (!user.passwordHash) throw new BusError('CONFLICT', ChangePasswordMessages.noPassword);
    const attempt = await this.limiter.hit(WRONG_CURRENT, userId);
    if (!attempt.allowed) {
      const seconds = retryAfterSeconds([attempt], new Date());
      const minutes = Math.ceil(seconds / 60);
      throw new BusError(
        'RATE_LIMITED',
        `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        { retry_after_seconds: seconds },
      );
    }
    if (!(await verifyPassword(user.passwordHash, current))) {
      throw new BusError('VALIDATION_FAILED', ChangePasswordMessages.wrongCurrent, {
        fields: { current_password: ChangePasswordMessages.wrongCurrent },
      });
    }
    await this.limiter.clear(WRONG_CURRENT, userId);
    if (next === current) {
      throw new BusError('WEAK_PASSWORD', ChangePasswordMessages.sameAsCurrent);
    }
    const problem = passwordProblem(next, ChangePasswordRules.minLength, user.email);
    if (problem) throw new BusError('WEAK_PASSWORD', problem);
    const passwordHash = await hashPassword(next);
    await this.dataSource.transaction(async (manager) => {
      await manager.update(UserEntity, user.id, { passwordHash });
      await manager.increment(UserEntity, { id: user.id }, 'authVersion', 1);
      await this.codes.revokeOpen(manager, user.id, ['password_reset', 'password_setup']);
    });
    this.mailer.passwordChanged(user.email);
    return this.sessions.sessionFor(user.id);
  }
}
