import { describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { parseConfig } from '@snaptrack/nest-config';
import { authEnv, logsMailLinks } from './env.js';

const base = {
  DATABASE_URL: 'postgres://127.0.0.1/x',
  RABBITMQ_URL: 'amqp://127.0.0.1',
  JWT_SECRET: randomBytes(48).toString('base64url'),
};

describe('mail links in logs', () => {
  it('are on by default outside production, off when asked', () => {
    expect(logsMailLinks(parseConfig(authEnv, { ...base, NODE_ENV: 'development' }))).toBe(true);
    const off = parseConfig(authEnv, { ...base, NODE_ENV: 'test', MAIL_LOG_LINKS: 'false' });
    expect(logsMailLinks(off)).toBe(false);
  });

  it('are never on in production', () => {
    expect(logsMailLinks(parseConfig(authEnv, { ...base, NODE_ENV: 'production' }))).toBe(false);
    expect(() =>
      parseConfig(authEnv, { ...base, NODE_ENV: 'production', MAIL_LOG_LINKS: 'true' }),
    ).toThrow('MAIL_LOG_LINKS is invalid: must be false in production');
  });
});
