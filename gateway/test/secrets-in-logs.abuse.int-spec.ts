import { describe, expect, it } from '@jest/globals';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  api,
  loginAtProvider,
  newEmail,
  newSubscribedAccount,
  redeemOidcResult,
  describeLeaks,
  scanRunLogs,
  setProviderAccount,
  stack,
  TestBrowser,
  waitForMail,
} from '@snaptrack/testing';

// An attacker who can read logs (a log shipper, a support tool, a leaked archive) must find no
// token, code or session id in them: every secret a full flow hands out is collected here and
// looked for in every log file of the run, including the access logs of the SPA routes that
// carry them in their query.

const issued = new Map<string, string>();

function keep(kind: string, value: string | null | undefined): string {
  if (!value) throw new Error(`no ${kind} was issued`);
  issued.set(value, kind);
  return value;
}

const forwardedFor = { 'x-forwarded-for': '203.0.113.61' };

/** The SPA route a mailed or redirected link opens: the gateway serves (or 404s) it and logs it. */
async function open(link: string): Promise<void> {
  const url = new URL(link);
  await fetch(`${stack.baseUrl}${url.pathname}${url.search}`, { headers: forwardedFor });
}

async function logLines(): Promise<{ file: string; line: number; text: string }[]> {
  const dir = process.env.SNAPTRACK_LOG_DIR ?? '';
  const lines: { file: string; line: number; text: string }[] = [];
  for (const name of (await readdir(dir)).filter((file) => file.endsWith('.log'))) {
    const text = await readFile(path.join(dir, name), 'utf8');
    text
      .split('\n')
      .forEach((line, index) => lines.push({ file: name, line: index + 1, text: line }));
  }
  return lines;
}

describe('secrets in logs', () => {
  it('no token, code, cookie or session id of a full flow appears in any log', async () => {
    // Password setup after a paid checkout, and the sign-in it ends with.
    const member = await newSubscribedAccount('setup passphrase 1');
    keep('auth_token (password setup)', member.token);
    const login = await api('/api/auth/login', {
      body: { email: member.email, password: member.password },
      headers: forwardedFor,
    });
    expect(login.status).toBe(200);
    keep('auth_token (sign-in)', login.body.token as string);

    // A password reset, its link opened as the browser would, then confirmed.
    await api('/api/auth/password-reset', { body: { email: member.email }, headers: forwardedFor });
    const reset = await waitForMail(member.email, 'password-reset');
    const oobCode = keep('oobCode', new URL(reset.link ?? '').searchParams.get('oobCode'));
    await open(reset.link ?? '');
    expect((await api('/api/auth/password-reset/verify', { body: { oobCode } })).status).toBe(200);
    const confirmed = await api('/api/auth/password-reset/confirm', {
      body: { oobCode, password: 'a brand new passphrase' },
      headers: forwardedFor,
    });
    expect(confirmed.status).toBe(200);
    const again = await api('/api/auth/login', {
      body: { email: member.email, password: 'a brand new passphrase' },
      headers: forwardedFor,
    });
    const token = keep('auth_token (after reset)', again.body.token as string);

    // Email verification of an added address.
    const extra = newEmail('logscan');
    const added = await api('/api/user/emails', { token, body: { email: extra } });
    expect(added.status).toBe(201);
    const verifyMail = await waitForMail(extra, 'verify-email');
    const verifyToken = keep(
      'verification token',
      new URL(verifyMail.link ?? '').searchParams.get('token'),
    );
    await open(verifyMail.link ?? '');
    const verified = await api(`/api/user/emails/${added.body.email.id as string}/verify`, {
      body: { token: verifyToken },
    });
    expect(verified.status).toBe(200);

    // Google sign-in through the stand-in provider: code and state in the callback's query, the
    // one-time result in the SPA's, and the flow cookie.
    const socialEmail = newEmail('logscan-google');
    await setProviderAccount(`logscan-${Date.now()}`, socialEmail);
    const browser = new TestBrowser();
    const start = await browser.fetch(`${stack.baseUrl}/api/auth/oidc/google/start`);
    for (const cookie of start.headers.getSetCookie()) {
      keep('oidc cookie', cookie.split(';')[0]?.split('=').slice(1).join('='));
    }
    const callback = await loginAtProvider(
      browser,
      start.headers.get('location') ?? '',
      `logscan-${Date.now()}`,
      `${stack.baseUrl}/api/auth/oidc/`,
    );
    keep('oidc code', callback.searchParams.get('code'));
    keep('oidc state', callback.searchParams.get('state'));
    const landing = await browser.follow(callback, stack.baseUrl);
    const result = keep('oidc_result', landing.searchParams.get('oidc_result'));
    await open(landing.href);
    const social = await redeemOidcResult(browser, result);
    expect(social.status).toBe(200);
    keep('auth_token (google)', social.body.token as string);

    // A checkout on the local provider: its session id is a bearer of the payment.
    const checkout = await api('/api/subscription/create-checkout', {
      body: { email: newEmail('logscan-buyer'), price_type: 'monthly', platform: 'web' },
      headers: forwardedFor,
    });
    expect(checkout.status).toBe(200);
    const sessionId = keep('checkout session id', checkout.body.data.session_id as string);
    const page = new URL(checkout.body.data.checkout_url as string);
    await fetch(`${stack.baseUrl}${page.pathname}`);
    await fetch(`${stack.baseUrl}${page.pathname}/pay`, { method: 'POST', redirect: 'manual' });
    await open(`${stack.baseUrl}/subscription/success?session_id=${sessionId}`);
    const paid = await api('/api/subscription/verify-payment', { body: { session_id: sessionId } });
    if (typeof paid.body?.data?.auth_token === 'string') {
      keep('auth_token (checkout)', paid.body.data.auth_token as string);
    }

    // Mail is delivered in the background, and logs are flushed a moment later.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const lines = await logLines();
    expect(lines.length).toBeGreaterThan(0);
    const leaks = lines.flatMap(({ file, line, text }) =>
      [...issued]
        .filter(([value]) => text.includes(value))
        .map(([, kind]) => `${file}:${line} ${kind}`),
    );
    expect(leaks).toEqual([]);
    // And every secret the harness saw issued so far in this run (the setup token above too).
    const runDir = path.dirname(process.env.SNAPTRACK_LOG_DIR ?? '');
    expect(describeLeaks(scanRunLogs(runDir))).toBe('');
  });
});
