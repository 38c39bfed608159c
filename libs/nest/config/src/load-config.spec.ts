import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { ConfigError, parseConfig } from './load-config.js';
import { serviceEnv } from './common-env.js';

describe('parseConfig', () => {
  it('returns typed values with defaults', () => {
    const config = parseConfig(serviceEnv, {
      DATABASE_URL: 'postgres://localhost/db',
      RABBITMQ_URL: 'amqp://localhost',
    });
    expect(config.RMQ_PREFIX).toBe('snaptrack');
    expect(config.RPC_TIMEOUT_MS).toBe(10_000);
  });

  it('names every missing and malformed variable', () => {
    const attempt = () =>
      parseConfig(serviceEnv.extend({ JWT_SECRET: z.string().min(32) }), {
        DATABASE_URL: 'mysql://nope',
        RPC_TIMEOUT_MS: 'soon',
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toContain('DATABASE_URL is invalid');
      expect(problems).toContain('RABBITMQ_URL is missing');
      expect(problems).toContain('RPC_TIMEOUT_MS is invalid');
      expect(problems).toContain('JWT_SECRET is missing');
    }
  });
});
