import { describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { bootOnce } from '@snaptrack/testing';

const boot = (env: NodeJS.ProcessEnv) => bootOnce('apps/auth-service/dist/main.js', env);

describe('auth-service configuration', () => {
  it('refuses to start, naming every missing or malformed variable', () => {
    const result = boot({
      DATABASE_URL: 'mysql://wrong',
      RABBITMQ_URL: 'amqp://127.0.0.1',
    });
    expect(result.status).toBe(78);
    expect(result.stderr).toContain('DATABASE_URL is invalid');
    expect(result.stderr).toContain('JWT_SECRET is missing');
  });

  it('refuses a JWT secret shorter than 32 characters', () => {
    const result = boot({
      DATABASE_URL: 'postgres://127.0.0.1/x',
      RABBITMQ_URL: 'amqp://127.0.0.1',
      JWT_SECRET: 'short',
    });
    expect(result.status).toBe(78);
    expect(result.stderr).toContain('JWT_SECRET is invalid: must be at least 32 characters');
  });

  it('refuses the example JWT secret in production, naming it', () => {
    const result = boot({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://127.0.0.1/x',
      RABBITMQ_URL: 'amqp://127.0.0.1',
      // The value of deploy/k8s/examples/secret.yaml.
      JWT_SECRET: 'change-me-to-64-hex-characters-change-me-to-64-hex-characters',
    });
    expect(result.status).toBe(78);
    expect(result.stderr).toContain('JWT_SECRET is invalid: is a placeholder');
  });

  it('refuses to log mail links in production', () => {
    const result = boot({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://127.0.0.1/x',
      RABBITMQ_URL: 'amqp://127.0.0.1',
      JWT_SECRET: randomBytes(48).toString('base64url'),
      MAIL_LOG_LINKS: 'true',
    });
    expect(result.status).toBe(78);
    expect(result.stderr).toContain('MAIL_LOG_LINKS is invalid: must be false in production');
  });
});
