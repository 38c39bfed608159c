import { describe, expect, it } from '@jest/globals';
import { QueryFailedError } from 'typeorm';
import { uniqueViolation } from './unique-violation.js';

const pgError = (fields: Record<string, unknown>) => Object.assign(new Error('pg'), fields);

describe('uniqueViolation', () => {
  it('names the constraint of a duplicate key, from TypeORM or from node-pg', () => {
    const driver = pgError({ code: '23505', constraint: 'user_emails_email_key' });
    expect(uniqueViolation(new QueryFailedError('INSERT', [], driver))).toBe(
      'user_emails_email_key',
    );
    expect(uniqueViolation(driver)).toBe('user_emails_email_key');
  });

  it("says 'unknown' when Postgres names no constraint", () => {
    expect(uniqueViolation(pgError({ code: '23505' }))).toBe('unknown');
  });

  it('is undefined for every other failure', () => {
    expect(uniqueViolation(pgError({ code: '23503', constraint: 'fk' }))).toBeUndefined();
    expect(uniqueViolation(new QueryFailedError('SELECT', [], pgError({ code: '57014' })))).toBe(
      undefined,
    );
    expect(uniqueViolation(new Error('boom'))).toBeUndefined();
    expect(uniqueViolation(null)).toBeUndefined();
    expect(uniqueViolation('23505')).toBeUndefined();
  });
});
