import { describe, expect, it } from '@jest/globals';
import { codeState, hashCode, looksLikeCode, newCode } from './code-state.js';

const now = new Date('2026-11-21T12:00:00Z');
const row = (
  fields: Partial<{ expiresAt: Date; usedAt: Date | null; revokedAt: Date | null }>,
) => ({
  expiresAt: new Date('2026-11-21T13:00:00Z'),
  usedAt: null,
  revokedAt: null,
  ...fields,
});

describe('one-time codes', () => {
  it('are 32 random bytes in base64url, stored as their SHA-256', () => {
    const { code, hash } = newCode();
    expect(Buffer.from(code, 'base64url')).toHaveLength(32);
    expect(looksLikeCode(code)).toBe(true);
    expect(hash).toBe(hashCode(code));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(newCode().code).not.toBe(code);
  });

  it('tell unknown, used, superseded, expired and valid apart', () => {
    expect(codeState(null, now)).toBe('unknown');
    expect(codeState(row({ usedAt: now }), now)).toBe('used');
    expect(codeState(row({ revokedAt: now }), now)).toBe('revoked');
    expect(codeState(row({ expiresAt: now }), now)).toBe('expired');
    expect(codeState(row({}), now)).toBe('valid');
    expect(codeState(row({}), new Date('2026-11-21T13:00:01Z'))).toBe('expired');
  });

  it('refuse anything not shaped like a code before touching the database', () => {
    expect(looksLikeCode('')).toBe(false);
    expect(looksLikeCode("' OR 1=1 --")).toBe(false);
    expect(looksLikeCode('a'.repeat(44))).toBe(false);
  });
});
