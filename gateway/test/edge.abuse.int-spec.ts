import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { parse } from 'yaml';
import {
  api,
  createTestAccount,
  loginAtProvider,
  sendToService,
  sql,
  stack,
  TestBrowser,
  uploadReceipt,
  waitForMail,
  waitForReceipt,
} from '@snaptrack/testing';
import { EdgeLimits, type EdgeLimitId } from '../src/rate-limit/edge-limits.js';

/**
 * Issue 28, holes 2, 8, 9 and 10, played by an attacker against the real stack: a loop on
 * Re-extract, a Google account linked on an unproven or unvouched address, callbacks with
 * made-up states, and per-IP limits stepped around with IPv6 addresses and forged
 * X-Forwarded-For. Every per-IP case sends its own client address (loopback is exempt).
 */
let ipCounter = Math.floor(Math.random() * 60_000);
/** A fresh address from the benchmarking range (198.18.0.0/15) for each attacker. */
function newAttackerIp(): string {
  ipCounter += 1;
  return `198.19.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
}

/** A fresh IPv6 /64 of the documentation range; `host` picks an address inside it. */
function newIpv6Network(): (host: number) => string {
  const hextet = () => Math.floor(Math.random() * 0xffff).toString(16);
  const network = `2001:db8:${hextet()}:${hextet()}`;
  return (host) => `${network}:${host.toString(16)}:${hextet()}:${hextet()}:1`;
}

function limitOf(id: EdgeLimitId): number {
  return Number(EdgeLimits[id].fallback.split('/')[0]);
}

function expectRateLimited(answer: Awaited<ReturnType<typeof api>>) {
  expect(answer.status).toBe(429);
  expect(answer.body.error.code).toBe('RATE_LIMITED');
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
}

/** Feedback with an empty body: refused by validation (400), counted by its per-IP limit. */
function feedbackFrom(forwardedFor: string) {
  return api('/api/feedback', { body: {}, headers: { 'x-forwarded-for': forwardedFor } });
}

describe('re-extraction (hole 2)', () => {
  it('starts one reading at a time: of 20 at once one is accepted, one OCR job', async () => {
    const account = await createTestAccount('reread-loop');
    const tiny = await sharp({
      create: { width: 64, height: 64, channels: 3, background: { r: 250, g: 250, b: 250 } },
    })
      .jpeg()
      .toBuffer();
    const upload = await uploadReceipt(account.token, tiny, { entity: 'Personal' });
    expect(upload.status).toBe(202);
    const id = upload.body.expense.id as string;
    await waitForReceipt(account.token, id);
    // With the reader stopped the job waits in its queue: the expense stays `processing` for
    // the whole flood, whatever the machine's speed.
    await stack.stop('ocr');
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          api(`/api/expenses/${id}/reprocess`, { method: 'POST', token: account.token }),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 202)).toHaveLength(1);
      for (const answer of answers.filter((candidate) => candidate.status !== 202)) {
        if (answer.status === 429) {
          expectRateLimited(answer);
          continue;
        }
        expect(answer.status).toBe(409);
        expect(answer.body.error).toEqual({
          code: 'CONFLICT',
          message: 'This receipt is already being read. Please wait for it to finish.',
        });
      }
      // The upload's reading and exactly one more.
      const [jobs] = await sql<{ n: number }>(
        `SELECT count(*)::int AS "n" FROM "expenses"."outbox"
         WHERE "pattern" = 'ocr.receipt.process.v1' AND "payload"::text LIKE $1`,
        [`%${id}%`],
      );
      expect(jobs?.n).toBe(2);
      const [counted] = await sql<{ n: number }>(
        `SELECT count(*)::int AS "n" FROM "expenses"."receipt_rereads" WHERE "user_id" = $1`,
        [account.id],
      );
      expect(counted?.n).toBe(1);
    } finally {
      await stack.start('ocr');
    }
  });
});

/** Links Google from account settings as `login` at the stand-in provider. */
async function linkGoogle(token: string, login: string): Promise<void> {
  const browser = new TestBrowser();
  const start = await browser.fetch(`${stack.baseUrl}/api/auth/oidc/google/start?mode=link`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { url } = (await start.json()) as { url: string };
  const callback = await loginAtProvider(browser, url, login, `${stack.baseUrl}/api/auth/oidc/`);
  await browser.follow(callback, stack.baseUrl);
}

async function methodsOf(token: string): Promise<string[]> {
  const { body } = await api('/api/auth/sign-in-methods', { token });
  return body.methods as string[];
}

describe('linking a social account (hole 8)', () => {
  it('refuses a Google account whose email Google does not vouch for', async () => {
    const account = await createTestAccount('link-unverified');
    await linkGoogle(account.token, `${account.email}#unverified`);
    expect(await methodsOf(account.token)).toEqual(['password']);
  });

  it('drops what was linked while the address was unproven once its owner proves it', async () => {
    // An account nobody has proven the address of (an earlier checkout's), held by someone.
    const email = `unproven-link-${randomUUID().slice(0, 8)}@example.com`;
    const issued = await sendToService<{ userId: string }>('auth', 'auth.password-setup.issue.v1', {
      email,
    });
    const held = await sendToService<{ token: string }>('auth', 'auth.session.issue.v1', {
      userId: issued.userId,
    });
    await linkGoogle(held.token, email);
    expect(await methodsOf(held.token)).toContain('google');
    // The inbox's owner uses the setup link: the address is proven.
    const mail = await waitForMail(email, 'setup-password');
    const setup = await api('/api/subscription/setup-password', {
      body: { token: new URL(mail.link ?? '').searchParams.get('token'), password: `pw-${email}` },
    });
    expect(setup.status).toBe(200);
    expect(await methodsOf(setup.body.data.auth_token as string)).toEqual(['password']);
    const [left] = await sql<{ n: number }>(
      `SELECT count(*)::int AS "n" FROM "auth"."identities" WHERE "user_id" = $1`,
      [issued.userId],
    );
    expect(left?.n).toBe(0);
  });
});

describe('the OIDC callback (hole 9)', () => {
  it('writes nothing for a state it never issued, and says the attempt expired', async () => {
    const count = async () =>
      (
        await sql<{ n: number }>(
          `SELECT count(*)::int AS "n" FROM "auth"."action_codes" WHERE "purpose" = 'oidc_result'`,
        )
      )[0]?.n;
    const before = await count();
    for (const state of ['x', randomUUID()]) {
      const response = await fetch(
        `${stack.baseUrl}/api/auth/oidc/google/callback?state=${state}&code=${randomUUID()}`,
        { redirect: 'manual', headers: { 'x-forwarded-for': newAttackerIp() } },
      );
      expect(response.status).toBe(303);
      const landing = new URL(response.headers.get('location') ?? '', stack.baseUrl);
      expect(landing.pathname).toBe('/login');
      expect(landing.searchParams.get('oidc_error')).toBe('expired');
      expect(landing.searchParams.has('oidc_result')).toBe(false);
    }
    expect(await count()).toBe(before);
  });
});

describe('per-IP keys (hole 10)', () => {
  it('counts an IPv6 /64 as one client', async () => {
    const network = newIpv6Network();
    const limit = limitOf('feedback_ip');
    for (let host = 0; host < limit; host += 1) {
      expect((await feedbackFrom(network(host))).status).not.toBe(429);
    }
    expectRateLimited(await feedbackFrom(network(limit)));
    expect((await feedbackFrom(newIpv6Network()(0))).status).not.toBe(429);
  });

  it('nginx sets X-Forwarded-For from the connection, never from the client', () => {
    const proxy = readFileSync(path.resolve('deploy/nginx/gateway-proxy.conf'), 'utf8');
    const forwarded = [...proxy.matchAll(/^\s*proxy_set_header\s+X-Forwarded-For\s+(\S+);/gim)];
    expect(forwarded.map((match) => match[1])).toEqual(['$remote_addr']);
  });

  it('answers create-checkout alike for a paying address and any other', async () => {
    const subscriber = await createTestAccount('checkout-probe');
    const ask = (email: string) =>
      api('/api/subscription/create-checkout', {
        body: { email, price_type: 'monthly', platform: 'web' },
        headers: { 'x-forwarded-for': newAttackerIp() },
      });
    const [paying, stranger] = await Promise.all([
      ask(subscriber.email),
      ask(`stranger-${randomUUID().slice(0, 8)}@example.com`),
    ]);
    expect(paying.status).toBe(200);
    expect(stranger.status).toBe(200);
    expect(Object.keys(paying.body.data).sort()).toEqual(Object.keys(stranger.body.data).sort());
    // The same page for both, only the session differs.
    const page = ({ body }: typeof paying) =>
      String(body.data.checkout_url).replace(String(body.data.session_id), '<session>');
    expect(page(paying)).toBe(page(stranger));
  });

  // Last: it restarts the gateway twice.
  it('believes X-Forwarded-For only from the proxies compose names', async () => {
    const compose = parse(readFileSync(path.resolve('docker-compose.yml'), 'utf8')) as {
      services: { gateway: { environment: Record<string, string> } };
    };
    const shipped = compose.services.gateway.environment.TRUST_PROXY ?? '';
    // The test reaches the gateway from loopback, standing in for nginx's own hop.
    await stack.restart('gateway', { TRUST_PROXY: `${shipped}, loopback` });
    try {
      // Behind nginx, a host on a private network (another container, a load balancer's
      // address) names a new client in each request.
      const hop = `10.${Math.floor(Math.random() * 250)}.7.9`;
      const limit = limitOf('feedback_ip');
      for (let index = 0; index < limit; index += 1) {
        expect((await feedbackFrom(`${newAttackerIp()}, ${hop}`)).status).not.toBe(429);
      }
      expectRateLimited(await feedbackFrom(`${newAttackerIp()}, ${hop}`));
    } finally {
      await stack.restart('gateway');
    }
  });
});
