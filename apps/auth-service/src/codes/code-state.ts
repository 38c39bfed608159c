import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: 256 bits, far past guessing (ASVS 11.5.1). */
export function newCode(): { code: string; hash: string } {
  const code = randomBytes(32).toString('base64url');
  return { code, hash: hashCode(code) };
}

/** A secret of 256 bits may be stored as a plain SHA-256 (ASVS 6.5.2). */
export function hashCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

/** What a presented code turned out to be. */
export type CodeState = 'valid' | 'expired' | 'used' | 'revoked' | 'unknown';

const SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function looksLikeCode(code: string): boolean {
  return SHAPE.test(code);
}

export function codeState(
  row: { expiresAt: Date; usedAt: Date | null; revokedAt: Date | null } | null,
  now: Date,
): CodeState {
  if (!row) return 'unknown';
  if (row.usedAt) return 'used';
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'valid';
}
