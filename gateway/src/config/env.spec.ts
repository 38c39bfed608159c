import { describe, expect, it } from '@jest/globals';
import { gatewayEnv } from './env.js';

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
