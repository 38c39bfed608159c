import { SignJWT, type JWTPayload } from 'jose';
import { DemoAccount } from '@snaptrack/contracts';

/** Builds tokens the way an attacker might, to check the gateway refuses each one. */
export async function signToken(
  secret: string,
  overrides: JWTPayload = {},
  /** A span such as '1h' or '-1m', or the expiry in seconds since the epoch. */
  expiresIn: string | number = '1h',
): Promise<string> {
  // Claims go in the payload (not the setters) so that overrides really replace them.
  return new SignJWT({
    user_id: DemoAccount.id,
    auth_version: 1,
    typ: 'access',
    sub: DemoAccount.id,
    iss: 'snaptrack-auth',
    aud: 'snaptrack-api',
    ...overrides,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(new TextEncoder().encode(secret));
}

export function unsignedToken(): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode({
    user_id: DemoAccount.id,
    auth_version: 99,
    typ: 'access',
    sub: DemoAccount.id,
    iss: 'snaptrack-auth',
    aud: 'snaptrack-api',
    iat: now,
    exp: now + 3600,
  })}.`;
}
