import { describe, expect, it } from '@jest/globals';
import { ConfigError, parseConfig } from '@snaptrack/nest-config';
import { billingEnv } from './env.js';

const base = { DATABASE_URL: 'postgres://127.0.0.1/x', RABBITMQ_URL: 'amqp://127.0.0.1' };

function problems(env: Record<string, string>): string[] {
  try {
    parseConfig(billingEnv, { ...base, ...env });
    return [];
  } catch (error) {
    return (error as ConfigError).problems;
  }
}

describe('BILLING in production', () => {
  it('refuses local, set or by default, naming the fix', () => {
    const [set] = problems({ NODE_ENV: 'production', BILLING: 'local' });
    expect(set).toMatch(/^BILLING is invalid: local billing .* BILLING=off .* BILLING=stripe/);
    expect(set).toContain('ALLOW_LOCAL_BILLING_IN_PRODUCTION=true');
    expect(problems({ NODE_ENV: 'production' })[0]).toMatch(/^BILLING is missing: local billing/);
  });

  it('allows off, stripe, local for an explicit demo, and local outside production', () => {
    expect(problems({ NODE_ENV: 'production', BILLING: 'off' })).toEqual([]);
    expect(
      problems({
        NODE_ENV: 'production',
        BILLING: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_PRICE_ID: 'price_x',
      }),
    ).toEqual([]);
    expect(
      problems({
        NODE_ENV: 'production',
        BILLING: 'local',
        ALLOW_LOCAL_BILLING_IN_PRODUCTION: 'true',
      }),
    ).toEqual([]);
    expect(problems({ NODE_ENV: 'development' })).toEqual([]);
    expect(parseConfig(billingEnv, base).BILLING).toBe('local');
  });
});
