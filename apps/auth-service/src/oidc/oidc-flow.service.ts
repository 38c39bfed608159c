import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import * as client from 'openid-client';
import { DataSource } from 'typeorm';
import {
  OidcErrorReasons,
  OidcProviderNames,
  type ErrorCode,
  type OidcMode,
  type OidcProviderId,
  type OidcResultResponse,
  type OidcStartResponse,
} from '@snaptrack/contracts';
import { BusError } from '@snaptrack/nest-rmq';
import { LOGGER, type Logger } from '@snaptrack/nest-logging';
import { type AuthConfig } from '../config/env.js';
import { ActionCodes } from '../codes/action-codes.js';
import { appLink } from '../mail/app-link.js';
import { methodsOf, SessionService } from '../session/session.service.js';
import { OidcClients, type ProviderSettings } from './oidc-clients.js';
import { alreadyLinked, profileFromClaims, SocialAccounts } from './social-accounts.js';
import { AUTH_CONFIG, OIDC_CLIENTS } from '../tokens.js';

const STATE_TTL_MS = 10 * 60_000;
const RESULT_TTL_MS = 2 * 60_000;

interface StatePayload {
  provider: OidcProviderId;
  mode: OidcMode;
  verifier: string;
  nonce: string;
  binding: string;
}

type Outcome =
  | { kind: 'signin'; userId: string }
  | { kind: 'link'; userId: string }
  | { kind: 'error'; code: ErrorCode; message: string };

/** A result as stored: the outcome and the hashed binding of the browser it belongs to. */
type BoundOutcome = Outcome & { provider: OidcProviderId; binding: string | null };

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Google and Apple sign-in and linking: authorization code with PKCE, state and nonce, the
 * state bound to the browser that started it. The callback never carries a session: it leaves
 * a one-time result code that the SPA trades for the outcome (a token, a link, or an error).
 */
@Injectable()
export class OidcFlowService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    @Inject(OIDC_CLIENTS) private readonly clients: OidcClients,
    @Inject(ActionCodes) private readonly codes: ActionCodes,
    @Inject(SocialAccounts) private readonly accounts: SocialAccounts,
    @Inject(SessionService) private readonly sessions: SessionService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  providers() {
    return { google: this.clients.enabled('google'), apple: this.clients.enabled('apple') };
  }

  redirectUri(provider: OidcProviderId): string {
    return `${this.config.APP_URL}/api/auth/oidc/${provider}/callback`;
  }

  async start(
    provider: OidcProviderId,
    mode: OidcMode,
    browserBinding: string,
    userId: string | undefined,
  ): Promise<OidcStartResponse> {
    const settings = this.settings(provider);
    if (mode === 'link') {
      if (!userId) throw new BusError('UNAUTHENTICATED', 'No authenticated user');
      if (await this.accounts.isLinked(userId, provider)) throw alreadyLinked(settings.name);
    }
    const configuration = await this.configuration(settings);
    const verifier = client.randomPKCECodeVerifier();
    const nonce = client.randomNonce();
    const payload: StatePayload = {
      provider,
      mode,
      verifier,
      nonce,
      binding: sha256(browserBinding),
    };
    const state = await this.dataSource.transaction((manager) =>
      this.codes.issue(manager, {
        purpose: 'oidc_state',
        userId: mode === 'link' ? (userId ?? null) : null,
        ttlMs: STATE_TTL_MS,
        payload: { ...payload },
      }),
    );
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri(provider),
      scope: settings.scope,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      ...settings.authParams,
    });
    return { url: url.href };
  }

  /** Handles the provider's redirect; always answers with where to send the browser. */
  async callback(
    provider: OidcProviderId,
    params: Record<string, string>,
    browserBinding: string | undefined,
    requestId: string,
  ): Promise<{ redirectTo: string }> {
    const state = params.state ?? '';
    const used = await this.dataSource.transaction((manager) =>
      this.codes.consume(manager, 'oidc_state', state),
    );
    const payload = used.row?.payload as StatePayload | undefined;
    if (used.state !== 'valid' || !payload) {
      // A state we never issued, or one already used or expired: nothing is written for it
      // (anyone can call this URL), the page says the attempt expired.
      return {
        redirectTo: appLink(
          this.config.APP_URL,
          '/login',
          { oidc_error: OidcErrorReasons.expired },
          { appRoute: true },
        ),
      };
    }
    const mode: OidcMode = payload.mode;
    let outcome: Outcome;
    if (
      payload.provider !== provider ||
      !browserBinding ||
      payload.binding !== sha256(browserBinding)
    ) {
      outcome = failure(mode, provider, 'This sign-in attempt has expired. Please try again.');
    } else if (params.error) {
      outcome =
        params.error === 'access_denied'
          ? { kind: 'error', code: 'SIGN_IN_CANCELLED', message: 'Sign-in cancelled.' }
          : failure(mode, provider);
    } else {
      outcome = await this.complete(provider, params, payload, used.row?.userId ?? null, requestId);
    }
    const code = await this.dataSource.transaction((manager) =>
      this.codes.issue(manager, {
        purpose: 'oidc_result',
        userId: outcome.kind === 'error' ? null : outcome.userId,
        ttlMs: RESULT_TTL_MS,
        // The browser that came back with the binding cookie is the only one that may redeem it.
        payload: { ...outcome, provider, binding: browserBinding ? sha256(browserBinding) : null },
      }),
    );
    const page = mode === 'link' ? '/account-settings' : '/login';
    return {
      redirectTo: appLink(this.config.APP_URL, page, { oidc_result: code }, { appRoute: true }),
    };
  }

  /**
   * Trades a result code for its outcome, in the browser it was issued to only: a code taken
   * to another browser (sign-in CSRF: the attacker's own sign-in, sent to a victim) is spent
   * and refused like an expired one.
   */
  async result(code: string, browserBinding: string | undefined): Promise<OidcResultResponse> {
    const used = await this.dataSource.transaction((manager) =>
      this.codes.consume(manager, 'oidc_result', code),
    );
    const outcome = used.row?.payload as BoundOutcome | undefined;
    if (
      used.state !== 'valid' ||
      !outcome ||
      !outcome.binding ||
      !browserBinding ||
      outcome.binding !== sha256(browserBinding)
    ) {
      throw new BusError(
        'SOCIAL_SIGN_IN_FAILED',
        'This sign-in attempt has expired. Please try again.',
      );
    }
    switch (outcome.kind) {
      case 'error':
        throw new BusError(outcome.code, outcome.message);
      case 'signin':
        return {
          kind: 'signin',
          provider: outcome.provider,
          ...(await this.sessions.sessionFor(outcome.userId)),
        };
      case 'link':
        return {
          kind: 'link',
          provider: outcome.provider,
          methods: await methodsOf(this.dataSource, outcome.userId),
        };
    }
  }

  private async complete(
    provider: OidcProviderId,
    params: Record<string, string>,
    payload: StatePayload,
    userId: string | null,
    requestId: string,
  ): Promise<Outcome> {
    const settings = this.settings(provider);
    try {
      const configuration = await this.configuration(settings);
      const current = new URL(this.redirectUri(provider));
      for (const [key, value] of Object.entries(params)) {
        if (key !== 'user') current.searchParams.set(key, value);
      }
      const tokens = await client.authorizationCodeGrant(configuration, current, {
        pkceCodeVerifier: payload.verifier,
        expectedState: params.state,
        expectedNonce: payload.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('no id token');
      const profile = profileFromClaims(provider, claims, appleName(params.user));
      if (payload.mode === 'link') {
        if (!userId) throw new Error('link state without a user');
        await this.accounts.link(userId, profile);
        return { kind: 'link', userId };
      }
      return { kind: 'signin', userId: await this.accounts.signIn(profile, requestId) };
    } catch (error) {
      if (error instanceof BusError) {
        return { kind: 'error', code: error.code, message: error.message };
      }
      this.logger.warn({ err: error, provider }, 'social sign-in failed');
      return failure(payload.mode, provider);
    }
  }

  private settings(provider: OidcProviderId): ProviderSettings {
    const settings = this.clients.settings(provider);
    if (!settings) {
      throw new BusError(
        'PROVIDER_NOT_CONFIGURED',
        `${OidcProviderNames[provider]} sign-in is not available.`,
      );
    }
    return settings;
  }

  private async configuration(settings: ProviderSettings): Promise<client.Configuration> {
    try {
      return await this.clients.configuration(settings);
    } catch (error) {
      this.logger.warn({ err: error, provider: settings.id }, 'provider discovery failed');
      throw new BusError(
        'SERVICE_UNAVAILABLE',
        `${settings.name} sign-in is not reachable right now. Please try again shortly.`,
      );
    }
  }
}

function failure(mode: OidcMode, provider: OidcProviderId, message?: string): Outcome {
  return mode === 'link'
    ? {
        kind: 'error',
        code: 'SOCIAL_SIGN_IN_FAILED',
        message: message ?? 'Failed to link account. Please try again.',
      }
    : {
        kind: 'error',
        code: 'SOCIAL_SIGN_IN_FAILED',
        message: message ?? `${OidcProviderNames[provider]} sign-in failed. Please try again.`,
      };
}

/** Apple sends the name once, as JSON in the form post's `user` field. */
function appleName(user: string | undefined): string | null {
  if (!user) return null;
  try {
    const parsed = JSON.parse(user) as { name?: { firstName?: string; lastName?: string } };
    const name = [parsed.name?.firstName, parsed.name?.lastName].filter(Boolean).join(' ');
    return name || null;
  } catch {
    return null;
  }
}
