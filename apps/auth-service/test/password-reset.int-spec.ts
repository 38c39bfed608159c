import { afterAll, describe, expect, it } from '@jest/globals';
import { api, mailsFor, stack, waitForMail } from '@snaptrack/testing';
import { closeBus, median, newAccount, newEmail, newIp, sql, timed } from './accounts.js';

afterAll(closeBus);

const SENT = 'If an account exists with this email, you will receive a password reset link.';
const INVALID = 'This password reset link is invalid or has already been used.';

function requestReset(email: string, ip: string) {
  return timed(() =>
    api('/api/auth/password-reset', { body: { email }, headers: { 'x-forwarded-for': ip } }),
  );
}

async function resetCode(email: string, ip = newIp()) {
  const before = (await mailsFor(email, 'password-reset')).length;
  expect((await requestReset(email, ip)).result.status).toBe(200);
  const mail = await waitForMail(email, 'password-reset', { already: before });
  const link = new URL(mail.link ?? '');
  return { link, code: link.searchParams.get('oobCode') ?? '' };
}

describe('asking for a reset link', () => {
  it('answers known and unknown addresses alike, each after at least one second', async () => {
    const { email } = await newAccount();
    const known = await requestReset(email, newIp());
    const unknown = await requestReset(newEmail('nobody'), newIp());
    expect(known.result.status).toBe(200);
    expect(unknown.result.status).toBe(200);
    expect(known.result.body).toEqual(unknown.result.body);
    expect(known.result.body).toEqual({ success: true, message: SENT });
    expect(known.ms).toBeGreaterThanOrEqual(1_000);
    expect(unknown.ms).toBeGreaterThanOrEqual(1_000);
    process.stdout.write(
      `reset timing: known ${known.ms.toFixed(0)} ms, unknown ${unknown.ms.toFixed(0)} ms\n`,
    );
    // Only the real account gets mail, and its link goes to the configured host.
    const mail = await waitForMail(email, 'password-reset');
    const link = new URL(mail.link ?? '');
    expect(`${link.origin}${link.pathname}`).toBe(`${stack.baseUrl}/login`);
    expect(link.searchParams.get('mode')).toBe('resetPassword');
    expect(link.searchParams.get('oobCode')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('keeps the timing of known and unknown addresses alike (medians of 5)', async () => {
    // Three requests an address at most keep the per-address limit out of the way.
    const { email } = await newAccount();
    const others = [(await newAccount()).email, (await newAccount()).email];
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      // Each round asks for both at once: the same load on either path, and half the wait.
      const [knownOne, unknownOne] = await Promise.all([
        requestReset(i < 3 ? email : others[i - 3], newIp()),
        requestReset(newEmail('ghost'), newIp()),
      ]);
      known.push(knownOne.ms);
      unknown.push(unknownOne.ms);
    }
    const difference = Math.abs(median(known) - median(unknown));
    process.stdout.write(
      `reset medians: known ${median(known).toFixed(0)} ms, unknown ${median(unknown).toFixed(0)} ms\n`,
    );
    // Both paths are padded to 1 s: a path without padding fails the first check, and padding
    // on one path only would make them differ by about 1 s. The margin is wide because a busy
    // 2-core machine delays either side by hundreds of milliseconds now and then.
    expect(Math.min(median(known), median(unknown))).toBeGreaterThanOrEqual(1_000);
    expect(difference).toBeLessThan(500);
  });

  it('refuses the fourth request in an hour for an address, existing or not, padded too', async () => {
    // The existing address and the unknown one side by side: each request waits out its padding.
    const addresses = [(await newAccount()).email, newEmail('nobody')];
    const fourthRequest = async (email: string) => {
      for (let i = 0; i < 3; i += 1) {
        expect((await requestReset(email, newIp())).result.status).toBe(200);
      }
      const fourth = await requestReset(email, newIp());
      expect(fourth.result.status).toBe(429);
      expect(fourth.result.body).toEqual({
        success: false,
        error: {
          code: 'RATE_LIMITED',
          message: 'Too many reset attempts. Please try again in an hour.',
          details: { retry_after_seconds: expect.any(Number) },
        },
      });
      // The window opened with the first of the three: come back when that hour ends.
      const retryAfter = Number(fourth.result.headers.get('retry-after'));
      expect(retryAfter).toBe(fourth.result.body.error.details.retry_after_seconds);
      expect(retryAfter).toBeGreaterThan(3_500);
      expect(retryAfter).toBeLessThanOrEqual(3_600);
      expect(fourth.ms).toBeGreaterThanOrEqual(1_000);
    };
    await Promise.all(addresses.map(fourthRequest));
  });

  it('refuses an address that is not one', async () => {
    const { status, body } = await api('/api/auth/password-reset', {
      body: { email: 'not-an-email' },
    });
    expect(status).toBe(400);
    expect(body.error.message).toBe('Please enter a valid email address.');
  });
});

describe('using a reset link', () => {
  it('verifies, sets the new password once, ends other sessions and sends a notice', async () => {
    const account = await newAccount();
    const { code } = await resetCode(account.email);
    const verified = await api('/api/auth/password-reset/verify', { body: { oobCode: code } });
    expect(verified.body).toEqual({ success: true, email: account.email });

    const confirmed = await api('/api/auth/password-reset/confirm', {
      body: { oobCode: code, password: 'a brand new passphrase' },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.success).toBe(true);
    // No automatic sign-in, and the session from before the reset is over.
    expect(confirmed.body.token).toBeUndefined();
    const old = await api('/api/user/profile', { token: account.token });
    expect(old.status).toBe(401);
    expect(old.body.error.code).toBe('TOKEN_REVOKED');
    await waitForMail(account.email, 'password-changed');

    const signIn = (password: string) =>
      api('/api/auth/login', {
        body: { email: account.email, password },
        headers: { 'x-forwarded-for': newIp() },
      });
    expect((await signIn(account.password)).status).toBe(401);
    expect((await signIn('a brand new passphrase')).status).toBe(200);

    // The same link a second time: refused, as used.
    for (const [path, body] of [
      ['verify', { oobCode: code }],
      ['confirm', { oobCode: code, password: 'yet another passphrase' }],
    ] as const) {
      const again = await api(`/api/auth/password-reset/${path}`, { body });
      expect(again.status).toBe(400);
      expect(again.body.error).toEqual({ code: 'USED_ACTION_CODE', message: INVALID });
    }
  });

  it('invalidates a link when a newer one is sent', async () => {
    const account = await newAccount();
    const first = await resetCode(account.email);
    const second = await resetCode(account.email);
    const old = await api('/api/auth/password-reset/verify', { body: { oobCode: first.code } });
    expect(old.body.error).toEqual({ code: 'INVALID_ACTION_CODE', message: INVALID });
    const current = await api('/api/auth/password-reset/verify', {
      body: { oobCode: second.code },
    });
    expect(current.status).toBe(200);
  });

  it('tells an expired link apart', async () => {
    const account = await newAccount();
    const { code } = await resetCode(account.email);
    await sql(
      `UPDATE auth.action_codes SET expires_at = now() - interval '1 second'
       WHERE user_id = $1 AND purpose = 'password_reset' AND used_at IS NULL`,
      [account.userId],
    );
    for (const [path, request] of [
      ['verify', { oobCode: code }],
      ['confirm', { oobCode: code, password: 'whatever passphrase' }],
    ] as const) {
      const { status, body } = await api(`/api/auth/password-reset/${path}`, { body: request });
      expect(status).toBe(400);
      expect(body.error).toEqual({
        code: 'EXPIRED_ACTION_CODE',
        message: 'This password reset link has expired. Please request a new one.',
      });
    }
  });

  it('refuses weak passwords with their messages and keeps the link usable', async () => {
    const account = await newAccount();
    const { code } = await resetCode(account.email);
    const confirm = (password: string) =>
      api('/api/auth/password-reset/confirm', { body: { oobCode: code, password } });
    const short = await confirm('abc12');
    expect(short.status).toBe(400);
    expect(short.body.error).toEqual({
      code: 'WEAK_PASSWORD',
      message: 'Password must be at least 6 characters long',
    });
    const common = await confirm('password123');
    expect(common.body.error).toEqual({
      code: 'WEAK_PASSWORD',
      message: 'Password is too weak. Please choose a stronger password.',
    });
    expect((await confirm('six-ok')).status).toBe(200);
  });

  it('refuses made-up, malformed and missing codes, and slows down a guesser', async () => {
    const missing = await api('/api/auth/password-reset/verify', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe('Invalid password reset link');
    const guesser = newIp();
    const guess = (oobCode: string) =>
      api('/api/auth/password-reset/verify', {
        body: { oobCode },
        headers: { 'x-forwarded-for': guesser },
      });
    for (const code of ['x', 'A'.repeat(43), "' OR 1=1 --"]) {
      expect((await guess(code)).body.error).toEqual({
        code: 'INVALID_ACTION_CODE',
        message: INVALID,
      });
    }
    for (let i = 0; i < 7; i += 1) await guess(`guess-${i}`);
    const limited = await guess('B'.repeat(43));
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
  });
});
