import { describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { weakJwtSecretReason } from './jwt-secret.js';

describe('weakJwtSecretReason', () => {
  it('refuses the placeholders of our examples and patterned secrets', () => {
    for (const secret of [
      'change-me-to-64-hex-characters-change-me-to-64-hex-characters',
      'changeme-changeme-changeme-changeme',
      'my-super-secret-jwt-key-for-production-use',
      'replace-me-with-a-long-random-string-please',
      'a'.repeat(64),
      '0123456789'.repeat(4),
    ]) {
      expect(weakJwtSecretReason(secret)).toBeDefined();
    }
  });

  it('accepts random secrets like the ones npm start and openssl make', () => {
    for (let i = 0; i < 20; i++) {
      expect(weakJwtSecretReason(randomBytes(48).toString('base64url'))).toBeUndefined();
      expect(weakJwtSecretReason(randomBytes(32).toString('hex'))).toBeUndefined();
    }
  });
});
