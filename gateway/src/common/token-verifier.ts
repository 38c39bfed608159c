import { Inject, Injectable } from '@nestjs/common';
import { errors, jwtVerify } from 'jose';
import { AccessToken, AuthPatterns } from '@snaptrack/contracts';
import { BusClient } from '@snaptrack/nest-rmq';
import { currentRequestId } from '@snaptrack/nest-logging';
import { type GatewayConfig } from '../config/env.js';
import { ApiError } from './api-error.js';
import type { AuthenticatedUser } from './authenticated-request.js';
import { GATEWAY_CONFIG } from '../tokens.js';

interface Claims {
  userId: string;
  authVersion: number;
  issuedAt: number;
  sessionId?: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

interface Standing {
  version: number | null;
  /** This session was signed out on its own (Sign Out). */
  ended: boolean;
  until: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Verifies the product JWT locally (HS256 only, exp, iss, aud, typ) and refuses tokens older
 * than the account's auth_version, which auth-service raises on sign out everywhere and on a
 * new password, and tokens whose own session was signed out (Sign Out ends one session).
 */
@Injectable()
export class TokenVerifier {
  private readonly key: Uint8Array;
  /** By user, then by session id ('' for a token without one). */
  private readonly standings = new Map<string, Map<string, Standing>>();
  /**
   * Tokens whose signature and claims checked out, until they expire: the same token comes
   * with every request of a session, and the check (a key import and an HMAC on the thread
   * pool) was the gateway's largest cost per request. Revocation is still checked each time.
   */
  private readonly verified = new Map<string, Claims>();

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(BusClient) private readonly bus: BusClient,
  ) {
    this.key = new TextEncoder().encode(config.JWT_SECRET);
  }

  async verify(token: string): Promise<AuthenticatedUser> {
    const claims = await this.verifySignature(token);
    const standing = await this.standing(claims.userId, claims.sessionId);
    if (standing.version === null || claims.authVersion < standing.version || standing.ended) {
      throw new ApiError('TOKEN_REVOKED', 'Your session has ended. Please sign in again.');
    }
    return {
      id: claims.userId,
      authVersion: claims.authVersion,
      issuedAt: claims.issuedAt,
      sessionId: claims.sessionId,
      expiresAt: Math.floor(claims.expiresAt / 1000),
    };
  }

  /** Called after a sign-out so this gateway stops accepting the old tokens at once. */
  forget(userId: string): void {
    this.standings.delete(userId);
  }

  private async verifySignature(token: string): Promise<Claims> {
    const known = this.verified.get(token);
    if (known && known.expiresAt > Date.now()) return known;
    const claims = await this.checkToken(token);
    if (this.verified.size >= 10_000) this.verified.clear();
    this.verified.set(token, claims);
    return claims;
  }

  private async checkToken(token: string): Promise<Claims> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [AccessToken.algorithm],
        issuer: AccessToken.issuer,
        audience: AccessToken.audience,
        requiredClaims: ['exp', 'iat', 'sub'],
      });
      const { user_id: userId, auth_version: authVersion, typ, sid } = payload;
      if (typ !== AccessToken.type || typeof userId !== 'string' || !UUID.test(userId)) {
        throw new Error('wrong token type or subject');
      }
      if (typeof authVersion !== 'number' || payload.sub !== userId) throw new Error('bad claims');
      if (sid !== undefined && (typeof sid !== 'string' || !UUID.test(sid))) {
        throw new Error('bad session id');
      }
      // exp is required above; in seconds.
      const expiresAt = (payload.exp ?? 0) * 1000;
      return { userId, authVersion, issuedAt: payload.iat ?? 0, sessionId: sid, expiresAt };
    } catch (error) {
      const expired = error instanceof errors.JWTExpired;
      throw new ApiError(
        expired ? 'TOKEN_REVOKED' : 'UNAUTHENTICATED',
        expired ? 'Your session has ended. Please sign in again.' : 'No authenticated user',
      );
    }
  }

  /** The account's auth_version and whether this session was ended, cached briefly. */
  private async standing(userId: string, sessionId: string | undefined): Promise<Standing> {
    const cached = this.standings.get(userId)?.get(sessionId ?? '');
    if (cached && cached.until > Date.now()) return cached;
    const { authVersion, sessionEnded } = await this.bus.send(
      AuthPatterns.tokenVersion,
      sessionId ? { userId, sessionId } : { userId },
      { requestId: currentRequestId() ?? 'none', userId },
    );
    const standing: Standing = {
      version: authVersion,
      ended: sessionEnded === true,
      until: Date.now() + this.config.AUTH_VERSION_CACHE_MS,
    };
    if (this.standings.size > 10_000) this.standings.clear();
    const sessions = this.standings.get(userId) ?? new Map<string, Standing>();
    sessions.set(sessionId ?? '', standing);
    this.standings.set(userId, sessions);
    return standing;
  }
}
