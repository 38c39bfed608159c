/** The claims of the product token the diagnostic page shows (not a verification: the gateway verifies). */
export type TokenClaims = {
  user_id?: string;
  auth_version?: number;
  exp?: number;
  iat?: number;
};

/** Reads a JWT's payload (base64url JSON); null when the text is not a JWT. */
export function decodeTokenClaims(token: string): TokenClaims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
    const claims: unknown = JSON.parse(json);
    return typeof claims === 'object' && claims !== null ? claims : null;
  } catch {
    return null;
  }
}

/** "2h 5m 3s" until `exp` (seconds since the epoch), or "expired". */
export function timeLeft(exp: number, nowMs: number): string {
  const seconds = Math.floor(exp - nowMs / 1000);
  if (seconds <= 0) return 'expired';
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return [h ? `${h}h` : '', h || m ? `${m}m` : '', `${s}s`].filter(Boolean).join(' ');
}
