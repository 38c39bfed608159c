import { randomBytes } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { gatewayEnv, servesApiDocs, servesLocalBilling } from './env.js';

const base = {
  RABBITMQ_URL: 'amqp://127.0.0.1',
  JWT_SECRET: 'a-test-secret-of-at-least-32-characters-0123456789',
};

describe('TRUST_PROXY', () => {
  it('takes the proxies by address or subnet, and loopback', () => {
    expect(gatewayEnv.parse(base).TRUST_PROXY).toEqual(['loopback']);
    expect(
      gatewayEnv.parse({ ...base, TRUST_PROXY: '172.29.80.10, 10.1.0.0/16,fd00::/8, loopback' })
        .TRUST_PROXY,
    ).toEqual(['172.29.80.10', '10.1.0.0/16', 'fd00::/8', 'loopback']);
  });

  it.each(['true', '1', 'uniquelocal', 'loopback, uniquelocal', 'linklocal', '10.0.0.0/33', ''])(
    'refuses %j: it would believe hosts nobody named',
    (value) => {
      expect(gatewayEnv.safeParse({ ...base, TRUST_PROXY: value }).success).toBe(false);
    },
  );
});

describe('the API map (/api/docs)', () => {
  // Production refuses a placeholder secret: a random one, as a real install has.
  const secret = randomBytes(32).toString('hex');
  const serves = (env: Record<string, string>) =>
    servesApiDocs(gatewayEnv.parse({ ...base, JWT_SECRET: secret, ...env }));

  it('is served outside production, and in production only with API_DOCS=true', () => {
    expect(serves({ NODE_ENV: 'test' })).toBe(true);
    expect(serves({ NODE_ENV: 'production' })).toBe(false);
    expect(serves({ NODE_ENV: 'production', API_DOCS: 'true' })).toBe(true);
  });

  it('is off anywhere with API_DOCS=false', () => {
    expect(serves({ NODE_ENV: 'test', API_DOCS: 'false' })).toBe(false);
    expect(serves({ NODE_ENV: 'development', API_DOCS: 'false' })).toBe(false);
  });
});

describe("local billing's checkout pages", () => {
  const secret = randomBytes(32).toString('hex');
  const serves = (env: Record<string, string>) =>
    servesLocalBilling(gatewayEnv.parse({ ...base, JWT_SECRET: secret, ...env }));

  it('are served outside production', () => {
    expect(serves({ NODE_ENV: 'test' })).toBe(true);
    expect(serves({ NODE_ENV: 'development' })).toBe(true);
  });

  // Nobody can pay for free on a production gateway, even if a billing-service still runs local.
  it('are not served in production, unless a demo allows local billing explicitly', () => {
    expect(serves({ NODE_ENV: 'production' })).toBe(false);
    expect(serves({ NODE_ENV: 'production', ALLOW_LOCAL_BILLING_IN_PRODUCTION: 'false' })).toBe(
      false,
    );
    expect(serves({ NODE_ENV: 'production', ALLOW_LOCAL_BILLING_IN_PRODUCTION: 'true' })).toBe(
      true,
    );
  });
});
