import * as client from 'openid-client';
import { createRemoteJWKSet, importPKCS8, SignJWT, type JWTVerifyGetKey } from 'jose';
import { OidcProviderNames, type OidcProviderId } from '@snaptrack/contracts';
import type { AuthConfig } from '../config/env.js';

export interface ProviderSettings {
  id: OidcProviderId;
  name: string;
  issuer: URL;
  clientId: string;
  /** Apple's client secret is a short-lived JWT made from a key, so it is computed. */
  clientSecret: () => Promise<string>;
  /** Audiences accepted for id tokens from native apps (the web client id first). */
  audiences: string[];
  scope: string;
  /** Extra authorization parameters (Google: account chooser; Apple: form_post). */
  authParams: Record<string, string>;
}

/** The configured providers only: an unconfigured provider has no button and no routes. */
export function providerSettings(config: AuthConfig): Map<OidcProviderId, ProviderSettings> {
  const providers = new Map<OidcProviderId, ProviderSettings>();
  if (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET) {
    const secret = config.GOOGLE_CLIENT_SECRET;
    providers.set('google', {
      id: 'google',
      name: OidcProviderNames.google,
      issuer: new URL(config.GOOGLE_ISSUER_URL),
      clientId: config.GOOGLE_CLIENT_ID,
      clientSecret: () => Promise.resolve(secret),
      audiences: [config.GOOGLE_CLIENT_ID, ...config.GOOGLE_NATIVE_CLIENT_IDS],
      scope: 'openid email profile',
      authParams: { prompt: 'select_account' },
    });
  }
  const appleSecret = appleClientSecret(config);
  if (config.APPLE_CLIENT_ID && appleSecret) {
    providers.set('apple', {
      id: 'apple',
      name: OidcProviderNames.apple,
      issuer: new URL(config.APPLE_ISSUER_URL),
      clientId: config.APPLE_CLIENT_ID,
      clientSecret: appleSecret,
      audiences: [config.APPLE_CLIENT_ID, ...config.APPLE_NATIVE_CLIENT_IDS],
      scope: 'openid email name',
      // Apple sends name and email scopes only with form_post (the gateway turns it into a GET).
      authParams: { response_mode: 'form_post' },
    });
  }
  return providers;
}

/**
 * A ready secret, or one signed from the key: ES256, `iss` team id, `sub` client id, at most six
 * months valid (Apple's rule); we sign one for a day and keep it for an hour.
 */
function appleClientSecret(config: AuthConfig): (() => Promise<string>) | undefined {
  if (config.APPLE_CLIENT_SECRET) {
    const secret = config.APPLE_CLIENT_SECRET;
    return () => Promise.resolve(secret);
  }
  const { APPLE_TEAM_ID: team, APPLE_KEY_ID: keyId, APPLE_PRIVATE_KEY: pem } = config;
  const clientId = config.APPLE_CLIENT_ID;
  if (!team || !keyId || !pem || !clientId) return undefined;
  let cached: { value: string; until: number } | undefined;
  return async () => {
    if (cached && cached.until > Date.now()) return cached.value;
    const key = await importPKCS8(pem.replace(/\\n/g, '\n'), 'ES256');
    const value = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: keyId })
      .setIssuer(team)
      .setSubject(clientId)
      .setAudience('https://appleid.apple.com')
      .setIssuedAt()
      .setExpirationTime('1d')
      .sign(key);
    cached = { value, until: Date.now() + 3_600_000 };
    return value;
  };
}

function isLoopback(url: URL): boolean {
  return ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

/**
 * Discovery results per provider, fetched on first use and kept for an hour (a failed
 * discovery is retried on the next request, so a provider that was down does not stick).
 */
export class OidcClients {
  private readonly configurations = new Map<
    OidcProviderId,
    { config: client.Configuration; until: number }
  >();
  private readonly keySets = new Map<OidcProviderId, JWTVerifyGetKey>();

  constructor(readonly providers: Map<OidcProviderId, ProviderSettings>) {}

  enabled(id: OidcProviderId): boolean {
    return this.providers.has(id);
  }

  settings(id: OidcProviderId): ProviderSettings | undefined {
    return this.providers.get(id);
  }

  async configuration(settings: ProviderSettings): Promise<client.Configuration> {
    const cached = this.configurations.get(settings.id);
    if (cached && cached.until > Date.now()) return cached.config;
    // Plain http is accepted only for an issuer on this machine (the tests' stand-in provider).
    const insecure = settings.issuer.protocol === 'http:' && isLoopback(settings.issuer);
    const config = await client.discovery(
      settings.issuer,
      settings.clientId,
      undefined,
      client.ClientSecretPost(await settings.clientSecret()),
      insecure ? { execute: [client.allowInsecureRequests], timeout: 10 } : { timeout: 10 },
    );
    this.configurations.set(settings.id, { config, until: Date.now() + 3_600_000 });
    return config;
  }

  /** The provider's published signing keys (for id tokens from native apps). */
  async keySet(settings: ProviderSettings): Promise<{ keys: JWTVerifyGetKey; issuer: string }> {
    const metadata = (await this.configuration(settings)).serverMetadata();
    if (!metadata.jwks_uri) throw new Error(`${settings.name} publishes no jwks_uri`);
    let keys = this.keySets.get(settings.id);
    if (!keys) {
      keys = createRemoteJWKSet(new URL(metadata.jwks_uri), { timeoutDuration: 10_000 });
      this.keySets.set(settings.id, keys);
    }
    return { keys, issuer: metadata.issuer };
  }
}
