import { describe, expect, it } from '@jest/globals';
import { DemoAccount } from '@snaptrack/contracts';
import { api, stack } from '@snaptrack/testing';

describe('health', () => {
  it('is live and ready with every dependency up', async () => {
    expect((await api('/api/health')).body).toEqual({ status: 'ok' });
    const { status, body } = await api('/api/health/ready');
    expect(status).toBe(200);
    expect(body.checks).toMatchObject({ rabbitmq: 'up', postgres: 'up', services: { auth: 'up' } });
  });

  it('sends security headers and a request id, and no x-powered-by', async () => {
    const { headers } = await api('/api/health');
    expect(headers.get('content-security-policy')).toContain("object-src 'none'");
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('strict-transport-security')).toContain('max-age=');
    expect(headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(headers.get('x-powered-by')).toBeNull();
  });

  it('publishes the OpenAPI document', async () => {
    const { status, body } = await api('/api/docs-json');
    expect(status).toBe(200);
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/login',
        '/api/auth/logout',
        '/api/user/profile',
        '/api/health/ready',
      ]),
    );
  });

  it('answers unknown API routes with the error envelope', async () => {
    const { status, body } = await api('/api/nothing-here');
    expect(status).toBe(404);
    expect(body.success).toBe(false);
  });
});

describe('a stopped service', () => {
  it('gives 503 within the timeout, and works again once it is back', async () => {
    await stack.stop('auth');
    try {
      const started = Date.now();
      const { status, body } = await api('/api/auth/login', {
        body: { email: DemoAccount.email, password: DemoAccount.password },
      });
      const elapsed = Date.now() - started;
      expect(status).toBe(503);
      expect(body.error.code).toBe('SERVICE_UNAVAILABLE');
      expect(body.error.message).toBe(
        'The service is temporarily unavailable. Please try again shortly.',
      );
      // The answer comes with the gateway's RPC timeout, never a hang.
      expect(elapsed).toBeLessThan(stack.rpcTimeoutMs + 5_000);
      expect((await api('/api/health/ready')).status).toBe(503);
    } finally {
      await stack.start('auth');
    }
    const again = await api('/api/auth/login', {
      body: { email: DemoAccount.email, password: DemoAccount.password },
    });
    expect(again.status).toBe(200);
  });
});
