import { Inject, Injectable } from '@nestjs/common';
import { jwtVerify } from 'jose';
import type { SessionResponse, UniversalSignInRequest } from '@snaptrack/contracts';
import { OidcProviderNames } from '@snaptrack/contracts';
import { BusError } from '@snaptrack/nest-rmq';
import { LOGGER, type Logger } from '@snaptrack/nest-logging';
import { SessionService } from '../session/session.service.js';
import { OidcClients } from './oidc-clients.js';
import { profileFromClaims, SocialAccounts } from './social-accounts.js';
import { OIDC_CLIENTS } from '../tokens.js';

/**
 * `POST /api/auth/universal` for native clients: a provider id token, verified against the
 * provider's published keys (issuer, audience, expiry, RS256/ES256 only), becomes a session.
 */
@Injectable()
export class UniversalSignInService {
  constructor(
    @Inject(OIDC_CLIENTS) private readonly clients: OidcClients,
    @Inject(SocialAccounts) private readonly accounts: SocialAccounts,
    @Inject(SessionService) private readonly sessions: SessionService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async signIn(request: UniversalSignInRequest, requestId: string): Promise<SessionResponse> {
    if (request.provider !== 'google' && request.provider !== 'apple') {
      throw new BusError('VALIDATION_FAILED', 'Unsupported sign-in provider.');
    }
    const settings = this.clients.settings(request.provider);
    if (!settings) {
      throw new BusError(
        'PROVIDER_NOT_CONFIGURED',
        `${OidcProviderNames[request.provider]} sign-in is not available.`,
      );
    }
    let claims: Record<string, unknown>;
    try {
      const { keys, issuer } = await this.clients.keySet(settings);
      ({ payload: claims } = await jwtVerify(request.firebase_token, keys, {
        issuer,
        audience: settings.audiences,
        algorithms: ['RS256', 'ES256'],
        requiredClaims: ['sub', 'exp', 'iat'],
      }));
    } catch (error) {
      this.logger.info({ err: error, provider: settings.id }, 'id token refused');
      throw new BusError(
        'SOCIAL_SIGN_IN_FAILED',
        `The ${settings.name} sign-in could not be verified. Please try again.`,
      );
    }
    const name = request.provider_data?.full_name;
    const profile = profileFromClaims(
      settings.id,
      claims,
      typeof name === 'string' && name.trim() ? name.trim().slice(0, 200) : null,
    );
    const userId = await this.accounts.signIn(profile, requestId);
    return this.sessions.sessionFor(userId);
  }
}
