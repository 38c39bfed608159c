import { describe, expect, it } from '@jest/globals';
import { bootOnce } from '@snaptrack/testing';

function boot(env: Record<string, string>) {
  return bootOnce('gateway/dist/main.js', { RABBITMQ_URL: 'amqp://127.0.0.1', ...env });
}

describe('gateway configuration', () => {
  it.each([
    ['the k8s example', 'change-me-to-64-hex-characters-change-me-to-64-hex-characters'],
    ['a tutorial placeholder', 'your-jwt-secret-goes-here-0123456789abcdef'],
  ])('refuses %s as JWT secret in production (exit 78)', (_label, secret) => {
    const result = boot({ NODE_ENV: 'production', JWT_SECRET: secret });
    expect(result.status).toBe(78);
    expect(result.stderr).toContain('JWT_SECRET is invalid: is a placeholder');
  });

  it('refuses a patterned secret in production and a short one anywhere', () => {
    const patterned = boot({ NODE_ENV: 'production', JWT_SECRET: 'ab'.repeat(32) });
    expect(patterned.status).toBe(78);
    expect(patterned.stderr).toContain('JWT_SECRET is invalid: repeats too few characters');
    const short = boot({ NODE_ENV: 'development', JWT_SECRET: 'short' });
    expect(short.status).toBe(78);
    expect(short.stderr).toContain('JWT_SECRET is invalid: must be at least 32 characters');
  });
});
