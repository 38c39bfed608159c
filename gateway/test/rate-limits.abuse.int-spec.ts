import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from '@jest/globals';
import { api, createTestAccount, newEmail, stack, withDatabase } from '@snaptrack/testing';
import { gatewayEnv } from '../src/config/env.js';
import { EdgeLimiter } from '../src/rate-limit/edge-limiter.js';
import { EdgeLimits, type EdgeLimitId } from '../src/rate-limit/edge-limits.js';

/**
 * The edge limits as a script sees them. Requests carry bodies the validation refuses (400),
 * so they cost the services nothing: the limit counts the request before it is validated.
 * Limits are the defaults (the test stack only raises the demo account's sign-ins).
 */
let ipCounter = Math.floor(Math.random() * 60_000);
/** A fresh address from the benchmarking range (198.18.0.0/15) for each attacker. */
function newAttackerIp(): string {
  ipCounter += 1;
  return `198.18.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
}

function limitOf(id: EdgeLimitId): number {
  return Number(EdgeLimits[id].fallback.split('/')[0]);
}

interface Route {
  name: string;
  limit: EdgeLimitId;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

const unknownId = randomUUID();
const publicRoutes: Route[] = [
  { name: 'login', limit: 'login_ip', method: 'POST', path: '/api/auth/login', body: {} },
  {
    name: 'password reset',
    limit: 'reset_ip',
    method: 'POST',
    path: '/api/auth/password-reset',
    body: {},
  },
  {
    name: 'reset link verify',
    limit: 'reset_link_ip',
    method: 'POST',
    path: '/api/auth/password-reset/verify',
    body: {},
  },
  {
    name: 'reset link confirm',
    limit: 'reset_link_ip',
    method: 'POST',
    path: '/api/auth/password-reset/confirm',
    body: {},
  },
  {
    name: 'setup password',
    limit: 'setup_password_ip',
    method: 'POST',
    path: '/api/subscription/setup-password',
    body: {},
  },
  {
    name: 'checkout',
    limit: 'checkout_ip',
    method: 'POST',
    path: '/api/subscription/create-checkout',
    body: {},
  },
  {
    name: 'verify payment',
    limit: 'verify_payment_ip',
    method: 'POST',
    path: '/api/subscription/verify-payment',
    body: {},
  },
  { name: 'feedback', limit: 'feedback_ip', method: 'POST', path: '/api/feedback', body: {} },
  {
    name: 'help vote',
    limit: 'help_vote_ip',
    method: 'POST',
    path: '/api/help/feedback',
    body: {},
  },
  {
    name: 'OIDC start',
    limit: 'social_sign_in_ip',
    method: 'GET',
    path: '/api/auth/oidc/no-such-provider/start',
  },
  {
    name: 'OIDC callback',
    limit: 'oidc_callback_ip',
    method: 'GET',
    path: '/api/auth/oidc/google/callback?state=made-up&code=made-up',
  },
  {
    name: 'OIDC result',
    limit: 'social_sign_in_ip',
    method: 'POST',
    path: '/api/auth/oidc/result',
    body: {},
  },
  {
    name: 'universal sign-in',
    limit: 'social_sign_in_ip',
    method: 'POST',
    path: '/api/auth/universal',
    body: {},
  },
  {
    name: 'email verify',
    limit: 'email_verify_ip',
    method: 'POST',
    path: `/api/user/emails/${unknownId}/verify`,
    body: {},
  },
];

function call(route: Route, headers: Record<string, string>, body = route.body) {
  return api(route.path, { method: route.method, body, headers });
}

/** `count` calls, 20 at a time; returns their statuses. */
async function spend(count: number, send: () => Promise<{ status: number }>): Promise<number[]> {
  const statuses: number[] = [];
  for (let done = 0; done < count; done += 20) {
    const batch = Array.from({ length: Math.min(20, count - done) }, send);
    statuses.push(...(await Promise.all(batch)).map((answer) => answer.status));
  }
  return statuses;
}

function expectRefusal(answer: Awaited<ReturnType<typeof api>>) {
  expect(answer.status).toBe(429);
  expect(answer.body.error.code).toBe('RATE_LIMITED');
  expect(answer.body.error.message).toMatch(/^Too many .*\.$/);
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
}

describe('per-IP limits on every public route', () => {
  it.each(publicRoutes)(
    '$name: 429 with Retry-After after its limit; another IP is served',
    async (route) => {
      const ip = newAttackerIp();
      const statuses = await spend(limitOf(route.limit), () =>
        call(route, { 'x-forwarded-for': ip }),
      );
      expect(statuses.filter((status) => status === 429)).toEqual([]);
      expectRefusal(await call(route, { 'x-forwarded-for': ip }));
      const other = await call(route, { 'x-forwarded-for': newAttackerIp() });
      expect(other.status).not.toBe(429);
    },
  );

  it('keeps the counters in the shared Postgres store of the run', async () => {
    const rows = await withDatabase(async (client) => {
      const result = await client.query<{ key: string }>(
        `SELECT key FROM gateway.rate_limits WHERE key LIKE 'feedback_ip:%'`,
      );
      return result.rows;
    });
    expect(rows.length).toBeGreaterThan(0);
  });
});

describe('per-account limits', () => {
  it('counts a checkout address however it is written, from any IP', async () => {
    const email = newEmail('checkout-spray');
    const route = publicRoutes.find((candidate) => candidate.name === 'checkout')!;
    const limit = limitOf('checkout_account');
    const variants = [email, email.toUpperCase(), ` ${email} `];
    const statuses = await spend(limit, () =>
      call(
        route,
        { 'x-forwarded-for': newAttackerIp() },
        { email: variants[Math.floor(Math.random() * 3)] },
      ),
    );
    expect(statuses.filter((status) => status === 429)).toEqual([]);
    expectRefusal(await call(route, { 'x-forwarded-for': newAttackerIp() }, { email }));
    const another = await call(
      route,
      { 'x-forwarded-for': newAttackerIp() },
      { email: newEmail() },
    );
    expect(another.status).not.toBe(429);
  });

  it('answers reset floods for one address with the product wording', async () => {
    const email = newEmail('reset-spray');
    const statuses = await spend(limitOf('reset_account'), () =>
      api('/api/auth/password-reset', {
        body: { email },
        headers: { 'x-forwarded-for': newAttackerIp() },
      }),
    );
    // auth-service's own limit (3 an hour) answers the 4th and 5th; the edge the rest.
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    const refused = await api('/api/auth/password-reset', {
      body: { email },
      headers: { 'x-forwarded-for': newAttackerIp() },
    });
    expectRefusal(refused);
    expect(refused.body.error.message).toBe(
      'Too many reset attempts. Please try again in an hour.',
    );
  });
});

describe('per-user limits on expensive routes', () => {
  const routes: Route[] = [
    { name: 'receipt upload', limit: 'parse_user', method: 'POST', path: '/api/parse' },
    {
      name: 're-extraction',
      limit: 'reprocess_user',
      method: 'POST',
      path: `/api/expenses/${unknownId}/reprocess`,
    },
    {
      name: 'PDF export',
      limit: 'pdf_export_user',
      method: 'POST',
      path: '/api/export/pdf',
      body: { filters: 'nope' },
    },
    {
      name: 'accountant pack',
      limit: 'pdf_export_user',
      method: 'POST',
      path: '/api/export/pack',
      body: { filters: 'nope' },
    },
    {
      name: 'email addition',
      limit: 'email_add_user',
      method: 'POST',
      path: '/api/user/emails',
      body: {},
    },
    {
      name: 'verification mail',
      limit: 'verification_mail_user',
      method: 'POST',
      path: `/api/user/emails/${unknownId}/send-verification`,
      body: {},
    },
  ];

  it.each(routes)(
    '$name: 429 after its limit for one user; another user is served',
    async (route) => {
      const [user, other] = await Promise.all([
        createTestAccount('limited'),
        createTestAccount('unlimited'),
      ]);
      const as = (token: string) =>
        api(route.path, { method: route.method, body: route.body, token });
      const statuses = await spend(limitOf(route.limit), () => as(user.token));
      expect(statuses.filter((status) => status === 429)).toEqual([]);
      expectRefusal(await as(user.token));
      expect((await as(other.token)).status).not.toBe(429);
    },
  );
});

describe('the store is shared', () => {
  const limiters: EdgeLimiter[] = [];
  afterAll(async () => {
    await Promise.all(limiters.map((limiter) => limiter.onApplicationShutdown()));
  });

  it('two gateways on one database count one budget', async () => {
    const config = gatewayEnv.parse({
      RABBITMQ_URL: 'amqp://127.0.0.1',
      JWT_SECRET: stack.jwtSecret,
      RATE_LIMIT_DATABASE_URL: process.env.SNAPTRACK_DATABASE_URL,
      RATE_LIMIT_FEEDBACK_PER_IP: '6/60',
    });
    const silent = { warn: () => undefined } as never;
    limiters.push(await EdgeLimiter.open(config, silent), await EdgeLimiter.open(config, silent));
    const ip = `shared-${randomUUID()}`;
    const answers = [];
    for (let i = 0; i < 10; i += 1) {
      answers.push(await limiters[i % 2].consume('feedback_ip', ip));
    }
    expect(answers.filter((answer) => answer === undefined)).toHaveLength(6);
    expect(answers.slice(6).every((answer) => (answer?.retryAfterSeconds ?? 0) > 0)).toBe(true);
  });
});
