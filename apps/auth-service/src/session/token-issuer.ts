import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { AccessToken } from '@snaptrack/contracts';

/**
 * Signs product access tokens; the gateway verifies them with the same secret. Each token is a
 * new session with its own id (`sid`), so Sign Out can end that session alone.
 */
export class TokenIssuer {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(userId: string, authVersion: number): Promise<string> {
    return new SignJWT({
      user_id: userId,
      auth_version: authVersion,
      sid: randomUUID(),
      typ: AccessToken.type,
    })
      .setProtectedHeader({ alg: AccessToken.algorithm, typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(AccessToken.issuer)
      .setAudience(AccessToken.audience)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }
}
