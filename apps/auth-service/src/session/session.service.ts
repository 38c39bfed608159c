import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type Repository } from 'typeorm';
import type { SessionResponse, SignInMethod } from '@snaptrack/contracts';
import { BusError } from '@snaptrack/nest-rmq';
import { UserEntity } from '../users/user.entity.js';
import { toProductUser } from '../users/user.mapper.js';
import { normalizeEmail } from '../users/accounts.js';
import { type AuthConfig } from '../config/env.js';
import { RateLimiter } from '../rate-limit/rate-limiter.js';
import { retryAfterSeconds, type RateDecision, type RateRule } from '../rate-limit/window.js';
import { IdentityEntity } from '../oidc/identity.entity.js';
import { type OidcClients } from '../oidc/oidc-clients.js';
import { hashPassword, needsRehash, verifyPassword } from './password-hasher.js';
import { TokenIssuer } from './token-issuer.js';
import { EndedSessions } from './ended-sessions.js';
import { AUTH_CONFIG, OIDC_CLIENTS } from '../tokens.js';

/**
 * Email sign-in and sign-out. Wrong password and unknown email look exactly alike: the same
 * answer after the same work (an argon2 verify against a decoy hash), and the same counters,
 * which are kept per address string whether or not an account has it.
 */
@Injectable()
export class SessionService {
  private readonly users: Repository<UserEntity>;
  private readonly perAccount: RateRule;
  private readonly perIp: RateRule;

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    @Inject(TokenIssuer) private readonly tokens: TokenIssuer,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
    @Inject(OIDC_CLIENTS) private readonly oidc: OidcClients,
    @Inject(EndedSessions) private readonly endedSessions: EndedSessions,
  ) {
    this.users = dataSource.getRepository(UserEntity);
    const windowMs = config.LOGIN_WINDOW_MINUTES * 60_000;
    this.perAccount = {
      bucket: 'login-account',
      limit: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      windowMs,
    };
    this.perIp = { bucket: 'login-ip', limit: config.LOGIN_MAX_FAILURES_PER_IP, windowMs };
  }

  async login(email: string, password: string, clientIp?: string): Promise<SessionResponse> {
    const address = normalizeEmail(email);
    // Every attempt reserves a failure on both counters before the password is checked, so
    // concurrent guesses each take a slot and no more than the limit are ever checked. A caller
    // over a limit is refused before any check; a success gives its reservations back.
    const network = clientIp ? await this.limiter.hit(this.perIp, clientIp) : undefined;
    if (network && !network.allowed && clientIp) {
      await this.limiter.release(this.perIp, clientIp);
      throw tooManyAttempts(network, 'ip');
    }
    const account = await this.limiter.hit(this.perAccount, address);
    if (!account.allowed) {
      await Promise.all([
        this.limiter.release(this.perAccount, address),
        clientIp ? this.limiter.release(this.perIp, clientIp) : undefined,
      ]);
      throw tooManyAttempts(account, 'account');
    }
    const user = await this.users.findOneBy({ email: address });
    const valid = await verifyPassword(user?.passwordHash ?? null, password);
    if (!user || !valid) throw new BusError('INVALID_CREDENTIALS', 'Invalid email or password.');
    await Promise.all([
      this.limiter.clear(this.perAccount, address),
      clientIp ? this.limiter.release(this.perIp, clientIp) : undefined,
    ]);
    if (user.passwordHash && needsRehash(user.passwordHash)) {
      await this.users.update(user.id, { passwordHash: await hashPassword(password) });
    }
    return this.session(user);
  }

  /** A fresh session for an account another flow has just proven (setup link, Google). */
  async sessionFor(userId: string): Promise<SessionResponse> {
    const user = await this.users.findOneBy({ id: userId });
    if (!user) throw new BusError('NOT_FOUND', 'User not found.');
    return this.session(user);
  }

  /** Raises auth_version, which revokes every token issued before (sign out everywhere). */
  async logout(userId: string): Promise<void> {
    await this.users.increment({ id: userId }, 'authVersion', 1);
  }

  /** Sign Out: this one session ends; the account's other devices stay signed in. */
  async endSession(userId: string, sessionId: string, expiresAt: Date): Promise<void> {
    await this.endedSessions.end(userId, sessionId, expiresAt);
  }

  /**
   * The caller's own methods when signed in. Anyone else gets the methods the product offers,
   * the same for every address (no account enumeration, like Firebase's protection).
   */
  async signInMethods(userId: string | undefined): Promise<SignInMethod[]> {
    if (!userId) {
      const offered: SignInMethod[] = ['password'];
      if (this.oidc.enabled('google')) offered.push('google');
      if (this.oidc.enabled('apple')) offered.push('apple');
      return offered;
    }
    return methodsOf(this.dataSource, userId);
  }

  private async session(user: UserEntity): Promise<SessionResponse> {
    const token = await this.tokens.issue(user.id, user.authVersion);
    return { token, user: toProductUser(user, this.mapperSettings()) };
  }

  private mapperSettings() {
    return { mailDomain: this.config.MAIL_DOMAIN, billingOff: this.config.BILLING === 'off' };
  }
}

export async function methodsOf(dataSource: DataSource, userId: string): Promise<SignInMethod[]> {
  const [user, identities] = await Promise.all([
    dataSource.getRepository(UserEntity).findOneBy({ id: userId }),
    dataSource.getRepository(IdentityEntity).findBy({ userId }),
  ]);
  const methods: SignInMethod[] = user?.passwordHash ? ['password'] : [];
  for (const provider of ['google', 'apple'] as const) {
    if (identities.some((identity) => identity.provider === provider)) methods.push(provider);
  }
  return methods;
}

function tooManyAttempts(decision: RateDecision, scope: 'account' | 'ip'): BusError {
  const seconds = retryAfterSeconds([decision], new Date());
  const minutes = Math.ceil(seconds / 60);
  return new BusError(
    'RATE_LIMITED',
    `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { scope, retry_after_seconds: seconds },
  );
}
