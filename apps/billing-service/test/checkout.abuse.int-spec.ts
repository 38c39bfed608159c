import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import {
  api,
  createTestAccount,
  eventually,
  mailsFor,
  nativeIdToken,
  newEmail,
  newSubscribedAccount,
  sql,
  waitForMail,
} from '@snaptrack/testing';
import { press, verify } from './billing-flow.js';

/**
 * The attacker knows someone's address, starts a checkout for it, "pays" on the local page and
 * asks verify-payment for the result, hoping for a session, a token or a setup link. They must
 * get none of it for any account that existed before the checkout, and the owner keeps it.
 */

type Platform = 'web' | 'mobile';

interface Victim {
  email: string;
  userId: string;
  /** Signs in with the victim's own credentials (password, Google, Apple, mailed link). */
  signIn: () => Promise<{ status: number; userId: string | undefined }>;
  /** The account can already sign in, so no setup link may be sent at all. */
  canSignIn: boolean;
}

/** One made-up client address per attacker, so no rate-limit counter is shared. */
function attackerIp(): string {
  const byte = () => Math.floor(Math.random() * 250) + 1;
  return `203.0.${byte()}.${byte()}`;
}

async function passwordLogin(email: string, password: string) {
  const { status, body } = await api('/api/auth/login', {
    body: { email, password },
    headers: { 'x-forwarded-for': attackerIp() },
  });
  return { status, userId: body?.user?.id as string | undefined };
}

async function social(email: string, provider: 'google' | 'apple') {
  const { status, body } = await api('/api/auth/universal', {
    body: { firebase_token: await nativeIdToken(email, provider), provider },
  });
  return { status, userId: body?.user?.id as string | undefined, token: body?.token as string };
}

/** A paid web checkout for a new address, as its owner would make it; setup link not used. */
async function paidCheckout(email: string) {
  const { body } = await api('/api/subscription/create-checkout', {
    body: { email, price_type: 'monthly', platform: 'web' },
    headers: { 'x-forwarded-for': attackerIp() },
  });
  await press(body.data.checkout_url, 'pay');
  const verified = await verify(body.data.session_id);
  expect(verified.status).toBe(200);
  const users = await sql<{ id: string }>('SELECT id FROM auth.users WHERE email = $1', [email]);
  return users[0]?.id ?? '';
}

/** An account with no subscription at all: its billing row gone, auth's copy told so. */
async function unsubscribe(userId: string) {
  await sql('DELETE FROM billing.subscriptions WHERE user_id = $1', [userId]);
  await sql(`UPDATE auth.users SET subscription_status = 'none' WHERE id = $1`, [userId]);
}

/** The provider ended the subscription (what Stripe's deletion event or the sweeper writes). */
async function lapse(userId: string) {
  await sql(`UPDATE billing.subscriptions SET status = 'canceled' WHERE user_id = $1`, [userId]);
  await sql(`UPDATE auth.users SET subscription_status = 'canceled' WHERE id = $1`, [userId]);
}

const victims: Record<string, () => Promise<Victim>> = {
  'a password account without a subscription': async () => {
    const account = await newSubscribedAccount('victim password 1');
    await unsubscribe(account.userId);
    return {
      email: account.email,
      userId: account.userId,
      signIn: () => passwordLogin(account.email, account.password),
      canSignIn: true,
    };
  },
  'a Google account': async () => {
    const email = newEmail('google-victim');
    const made = await social(email, 'google');
    expect(made.status).toBe(200);
    return {
      email,
      userId: made.userId ?? '',
      signIn: () => social(email, 'google'),
      canSignIn: true,
    };
  },
  'an Apple account': async () => {
    const email = newEmail('apple-victim');
    const made = await social(email, 'apple');
    expect(made.status).toBe(200);
    return {
      email,
      userId: made.userId ?? '',
      signIn: () => social(email, 'apple'),
      canSignIn: true,
    };
  },
  'a lapsed subscriber': async () => {
    const email = newEmail('lapsed-victim');
    const userId = await paidCheckout(email);
    const mail = await waitForMail(email, 'setup-password');
    const token = new URL(mail.link ?? '').searchParams.get('token');
    const set = await api('/api/subscription/setup-password', {
      body: { token, password: 'victim password 2' },
    });
    expect(set.status).toBe(200);
    await lapse(userId);
    return {
      email,
      userId,
      signIn: () => passwordLogin(email, 'victim password 2'),
      canSignIn: true,
    };
  },
  'an account made while billing was off (no billing rows)': async () => {
    const account = await createTestAccount('billing-off-victim', null);
    return {
      email: account.email,
      userId: account.id,
      signIn: () => passwordLogin(account.email, account.password),
      canSignIn: true,
    };
  },
  "an earlier checkout's account whose setup link is unused": async () => {
    const email = newEmail('unfinished-victim');
    const userId = await paidCheckout(email);
    await waitForMail(email, 'setup-password');
    // Its subscription ran out before the owner got round to the mail.
    await lapse(userId);
    return {
      email,
      userId,
      // The owner's credential is their inbox: the newest link mailed there.
      signIn: async () => {
        const mail = (await mailsFor(email, 'setup-password')).at(-1);
        const token = new URL(mail?.link ?? '').searchParams.get('token');
        const { status, body } = await api('/api/subscription/setup-password', {
          body: { token, password: 'victim password 3' },
        });
        return { status, userId: body?.data?.user?.id as string | undefined };
      },
      canSignIn: false,
    };
  },
};

/** Everything in an answer that could let its holder in. */
function secretsIn(value: unknown): string[] {
  const text = JSON.stringify(value);
  return [/eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/, /setup-password/, /token=/i, /oidc_result/].flatMap(
    (pattern) => (pattern.test(text) ? [pattern.source] : []),
  );
}

describe('checkout takeover of an existing account', () => {
  const cases = Object.keys(victims).flatMap((kind) =>
    (['web', 'mobile'] as Platform[]).map((platform) => [kind, platform] as const),
  );

  it.each(cases)(
    '%s, %s checkout: no session, token or link for the attacker',
    async (kind, platform) => {
      const make = victims[kind];
      if (!make) throw new Error(kind);
      const victim = await make();
      const mailsBefore = (await mailsFor(victim.email, 'setup-password')).length;
      const ip = attackerIp();

      const created = await api('/api/subscription/create-checkout', {
        body: { email: victim.email, price_type: 'monthly', platform },
        headers: { 'x-forwarded-for': ip },
      });
      expect(created.status).toBe(200);
      const paid = await press(created.body.data.checkout_url, 'pay');
      expect(paid.status).toBe(303);
      expect(secretsIn(paid.location)).toEqual([]);
      const answer = await api('/api/subscription/verify-payment', {
        body: { session_id: created.body.data.session_id },
        headers: { 'x-forwarded-for': ip },
      });
      expect(answer.status).toBe(200);
      expect(answer.body.data).toMatchObject({
        user: { email: victim.email },
        platform,
        auth_token: null,
        exchange_code: null,
        sign_in_required: true,
      });
      expect(secretsIn(answer.body)).toEqual([]);
      // Asking again (reloads, other tabs) gives nothing more.
      const again = await verify(created.body.data.session_id);
      expect(again.body.data).toMatchObject({ auth_token: null, exchange_code: null });

      // Nothing the attacker holds opens the account.
      const traded = await api('/api/subscription/mobile-exchange', {
        body: { code: created.body.data.session_id },
        headers: { 'x-forwarded-for': ip },
      });
      expect(traded.status).toBe(404);
      expect((await passwordLogin(victim.email, `guess-${randomUUID()}`)).status).toBe(401);
      // The payment attached to no account, and no account was made for the address.
      expect(
        await sql(
          'SELECT user_id, account_created FROM billing.checkouts WHERE provider_session_id = $1',
          [created.body.data.session_id],
        ),
      ).toEqual([{ user_id: null, account_created: false }]);
      expect(await sql('SELECT id FROM auth.users WHERE email = $1', [victim.email])).toEqual([
        { id: victim.userId },
      ]);
      const held = await sql<{ status: string }>(
        'SELECT status FROM billing.subscriptions WHERE user_id = $1',
        [victim.userId],
      );
      expect(held.every((row) => row.status !== 'active')).toBe(true);
      // A setup link goes only to the address itself, and only to an account that cannot sign in.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const mailsAfter = await mailsFor(victim.email, 'setup-password');
      expect(mailsAfter).toHaveLength(victim.canSignIn ? mailsBefore : mailsBefore + 1);

      // The owner still gets in with their own credentials, into their own account.
      const owner = await victim.signIn();
      expect(owner).toEqual(expect.objectContaining({ status: 200, userId: victim.userId }));
    },
  );
});

describe('a paid checkout for an existing account', () => {
  it('attaches only when the signed-in owner of the proven address claims it', async () => {
    const victim = await newSubscribedAccount('owner password 1');
    await unsubscribe(victim.userId);
    const { body } = await api('/api/subscription/create-checkout', {
      body: { email: victim.email, price_type: 'monthly', platform: 'web' },
      headers: { 'x-forwarded-for': attackerIp() },
    });
    await press(body.data.checkout_url, 'pay');
    expect((await verify(body.data.session_id)).body.data.sign_in_required).toBe(true);
    const before = await api('/api/subscription/status', { token: victim.token });
    expect(before.body.data.status).toBe('none');
    const claimed = await api('/api/subscription/claim', { method: 'POST', token: victim.token });
    expect(claimed.body.data).toMatchObject({ claimed: 1, subscription: { status: 'active' } });
  });

  it('is not claimed by the holder of an account whose address is unproven', async () => {
    // The attacker paid, on mobile, for an address nobody had used: a new, unproven account.
    const email = newEmail('unproven');
    const first = await api('/api/subscription/create-checkout', {
      body: { email, price_type: 'monthly', platform: 'mobile' },
      headers: { 'x-forwarded-for': attackerIp() },
    });
    await press(first.body.data.checkout_url, 'pay');
    const code = (await verify(first.body.data.session_id)).body.data.exchange_code as string;
    const session = await api('/api/subscription/mobile-exchange', { body: { code } });
    expect(session.status).toBe(200);
    const held = session.body.data.auth_token as string;
    await lapse(
      (await sql<{ id: string }>('SELECT id FROM auth.users WHERE email = $1', [email]))[0]?.id ??
        '',
    );
    // The real owner pays for their own address: the payment waits for a proven owner.
    const second = await api('/api/subscription/create-checkout', {
      body: { email, price_type: 'monthly', platform: 'web' },
      headers: { 'x-forwarded-for': attackerIp() },
    });
    await press(second.body.data.checkout_url, 'pay');
    expect((await verify(second.body.data.session_id)).body.data.sign_in_required).toBe(true);
    const refused = await api('/api/subscription/claim', { method: 'POST', token: held });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain(email);
  });
});

describe('a verification link for an unproven sign-in address', () => {
  it('proves the address for its inbox owner and signs the checkout holder out', async () => {
    const email = newEmail('unproven-verify');
    const created = await api('/api/subscription/create-checkout', {
      body: { email, price_type: 'monthly', platform: 'mobile' },
      headers: { 'x-forwarded-for': attackerIp() },
    });
    await press(created.body.data.checkout_url, 'pay');
    const code = (await verify(created.body.data.session_id)).body.data.exchange_code as string;
    const held = (await api('/api/subscription/mobile-exchange', { body: { code } })).body.data
      .auth_token as string;
    // The holder asks for a verification mail to the address, hoping its owner clicks it.
    const list = await api('/api/user/emails', { token: held });
    const primary = list.body.emails[0] as { id: string; is_verified: boolean };
    expect(primary.is_verified).toBe(false);
    const sent = await api(`/api/user/emails/${primary.id}/send-verification`, {
      method: 'POST',
      token: held,
    });
    expect(sent.status).toBe(200);
    const mail = await waitForMail(email, 'verify-email');
    const token = new URL(mail.link ?? '').searchParams.get('token');
    const verified = await api(`/api/user/emails/${primary.id}/verify`, { body: { token } });
    expect(verified.status).toBe(200);
    await eventually(
      () => api('/api/user/profile', { token: held }),
      (response) => response.status === 401,
    );
  });
});

describe('Google or Apple sign-in for an address an account never proved', () => {
  it.each(['google', 'apple'] as const)(
    '%s: the proven owner takes the account over and the checkout holder is signed out',
    async (provider) => {
      const email = newEmail(`unproven-${provider}`);
      const created = await api('/api/subscription/create-checkout', {
        body: { email, price_type: 'monthly', platform: 'mobile' },
        headers: { 'x-forwarded-for': attackerIp() },
      });
      await press(created.body.data.checkout_url, 'pay');
      const code = (await verify(created.body.data.session_id)).body.data.exchange_code as string;
      const holder = await api('/api/subscription/mobile-exchange', { body: { code } });
      expect(holder.status).toBe(200);
      const heldToken = holder.body.data.auth_token as string;
      const accountId = (await api('/api/user/profile', { token: heldToken })).body.profile
        .id as string;
      const setupMail = await waitForMail(email, 'setup-password');

      const owner = await social(email, provider);
      expect(owner.status).toBe(200);
      expect(owner.userId).toBe(accountId);
      expect(
        await sql(
          `SELECT is_verified FROM auth.user_emails WHERE user_id = $1 AND email_type = 'primary'`,
          [accountId],
        ),
      ).toEqual([{ is_verified: true }]);
      // The holder's session ends, and the old setup link no longer works.
      await eventually(
        () => api('/api/user/profile', { token: heldToken }),
        (response) => response.status === 401,
      );
      const setup = await api('/api/subscription/setup-password', {
        body: {
          token: new URL(setupMail.link ?? '').searchParams.get('token'),
          password: 'holder password 1',
        },
      });
      expect(setup.status).toBe(400);
      expect((await api('/api/user/profile', { token: owner.token })).status).toBe(200);
    },
  );
});
