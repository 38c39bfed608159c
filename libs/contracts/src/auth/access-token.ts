/** Claims of the product JWT, verified by the gateway (HS256, aud, iss, typ, exp). */
export interface AccessTokenClaims {
  user_id: string;
  auth_version: number;
  /** This session's id: Sign Out ends it alone. Tokens issued before it existed have none. */
  sid?: string;
  typ: 'access';
  exp: number;
  iat: number;
}

export const AccessToken = {
  algorithm: 'HS256',
  issuer: 'snaptrack-auth',
  audience: 'snaptrack-api',
  type: 'access',
} as const;
