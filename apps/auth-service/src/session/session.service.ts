import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type Repository } from 'typeorm';
import type { SessionResponse } from '@snaptrack/contracts';
import { BusError } from '@snaptrack/nest-rmq';
import { UserEntity } from '../users/user.entity.js';
import { toProductUser } from '../users/user.mapper.js';
import { AUTH_CONFIG, type AuthConfig } from '../config/env.js';
import { hashPassword, needsRehash, verifyPassword } from './password-hasher.js';
import { TokenIssuer } from './token-issuer.js';

/** Email sign-in and sign-out. Wrong password and unknown email look exactly alike. */
@Injectable()
export class SessionService {
  private readonly users: Repository<UserEntity>;

  constructor(
    @Inject(DataSource) dataSource: DataSource,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    @Inject(TokenIssuer) private readonly tokens: TokenIssuer,
  ) {
    this.users = dataSource.getRepository(UserEntity);
  }

  async login(email: string, password: string): Promise<SessionResponse> {
    const user = await this.users.findOneBy({ email: email.trim().toLowerCase() });
    const valid = await verifyPassword(user?.passwordHash ?? null, password);
    if (!user || !valid) {
      throw new BusError('INVALID_CREDENTIALS', 'Invalid email or password.');
    }
    if (user.passwordHash && needsRehash(user.passwordHash)) {
      await this.users.update(user.id, { passwordHash: await hashPassword(password) });
    }
    const token = await this.tokens.issue(user.id, user.authVersion);
    return { token, user: toProductUser(user, this.mapperSettings()) };
  }

  /** Raises auth_version, which revokes every token issued before. */
  async logout(userId: string): Promise<void> {
    await this.users.increment({ id: userId }, 'authVersion', 1);
  }

  private mapperSettings() {
    return { mailDomain: this.config.MAIL_DOMAIN, billingOff: this.config.BILLING === 'off' };
  }
}
