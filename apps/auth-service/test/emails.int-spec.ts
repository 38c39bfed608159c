import { afterAll, describe, expect, it } from '@jest/globals';
import {
  api,
  mailsFor,
  stack,
  TestBrowser,
  loginAtProvider,
  redeemOidcResult,
  waitForMail,
} from '@snaptrack/testing';
import { closeBus, newAccount, newEmail } from './accounts.js';

afterAll(closeBus);

async function addEmail(token: string, email: string, extra: Record<string, unknown> = {}) {
  return api('/api/user/emails', { token, body: { email, ...extra } });
}

function verifyParams(link: string | undefined) {
  const url = new URL(link ?? '');
  return { url, id: url.searchParams.get('id') ?? '', token: url.searchParams.get('token') ?? '' };
}

describe('a user’s email addresses', () => {
  it('lists the sign-in address, verified by the setup link', async () => {
    const account = await newAccount();
    const { status, body } = await api('/api/user/emails', { token: account.token });
    expect(status).toBe(200);
    expect(body.emails).toEqual([
      expect.objectContaining({
        email: account.email,
        email_type: 'primary',
        is_verified: true,
        opted_in_transactional: true,
        opted_in_marketing: false,
      }),
    ]);
  });

  it('adds an address (marketing off unless asked), mails a link, and the link verifies it', async () => {
    const account = await newAccount();
    const extra = newEmail('extra');
    const added = await addEmail(account.token, extra);
    expect(added.status).toBe(201);
    expect(added.body.email).toMatchObject({
      email: extra,
      email_type: 'additional',
      is_verified: false,
      opted_in_marketing: false,
    });
    const mail = await waitForMail(extra, 'verify-email');
    const { url, id, token } = verifyParams(mail.link);
    expect(`${url.origin}${url.pathname}`).toBe(`${stack.baseUrl}/verify-email`);
    expect(id).toBe(added.body.email.id);

    const verified = await api(`/api/user/emails/${id}/verify`, { body: { token } });
    expect(verified.status).toBe(200);
    expect(verified.body.email).toMatchObject({ id, is_verified: true });
    const again = await api(`/api/user/emails/${id}/verify`, { body: { token } });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe('This verification link is invalid or has expired.');
  });

  it('resends a real verification mail', async () => {
    const account = await newAccount();
    const extra = newEmail('resend');
    const added = await addEmail(account.token, extra, { opted_in_marketing: true });
    expect(added.body.email.opted_in_marketing).toBe(true);
    await waitForMail(extra, 'verify-email');
    const resent = await api(`/api/user/emails/${added.body.email.id}/send-verification`, {
      method: 'POST',
      token: account.token,
    });
    expect(resent.body).toEqual({ success: true });
    await waitForMail(extra, 'verify-email', { already: 1 });
    expect(await mailsFor(extra, 'verify-email')).toHaveLength(2);
  });

  it("says 'This email is already in use' for its own and other accounts' addresses", async () => {
    const first = await newAccount();
    const second = await newAccount();
    for (const email of [first.email, second.email.toUpperCase()]) {
      const { status, body } = await addEmail(first.token, email);
      expect(status).toBe(409);
      expect(body.error).toEqual({ code: 'EMAIL_IN_USE', message: 'This email is already in use' });
    }
  });

  it('updates preferences and deletes, only for the owner; the sign-in address stays', async () => {
    const owner = await newAccount();
    const stranger = await newAccount();
    const added = await addEmail(owner.token, newEmail('prefs'));
    const id = added.body.email.id as string;
    const theirs = await api(`/api/user/emails/${id}`, {
      token: stranger.token,
      body: { opted_in_marketing: true },
    });
    expect(theirs.status).toBe(404);
    expect(
      (await api(`/api/user/emails/${id}/delete`, { method: 'POST', token: stranger.token }))
        .status,
    ).toBe(404);

    const updated = await api(`/api/user/emails/${id}`, {
      token: owner.token,
      body: { opted_in_marketing: true, opted_in_transactional: false },
    });
    expect(updated.body.email).toMatchObject({
      opted_in_marketing: true,
      opted_in_transactional: false,
    });
    expect(
      (await api(`/api/user/emails/${id}/delete`, { method: 'POST', token: owner.token })).body,
    ).toEqual({ success: true });
    const list = await api('/api/user/emails', { token: owner.token });
    expect(list.body.emails).toHaveLength(1);
    const primaryId = list.body.emails[0].id as string;
    const refused = await api(`/api/user/emails/${primaryId}/delete`, {
      method: 'POST',
      token: owner.token,
    });
    expect(refused.status).toBe(403);
    expect(
      (await api('/api/user/emails/not-a-uuid/delete', { method: 'POST', token: owner.token }))
        .status,
    ).toBe(404);
  });

  it('makes the first added address the contact address of a private-relay account', async () => {
    const relay = `${Date.now()}x@privaterelay.appleid.com`;
    const browser = new TestBrowser();
    const start = await browser.fetch(`${stack.baseUrl}/api/auth/oidc/apple/start`);
    const callback = await loginAtProvider(
      browser,
      start.headers.get('location') ?? '',
      relay,
      `${stack.baseUrl}/api/auth/oidc/`,
    );
    const landing = await browser.follow(callback, stack.baseUrl);
    const session = await redeemOidcResult(browser, landing.searchParams.get('oidc_result') ?? '');
    const token = session.body.token as string;
    expect(session.body.user).toMatchObject({ has_email: false, contact_email: null });
    const contact = newEmail('real');
    const added = await addEmail(token, contact);
    expect(added.body.email.email_type).toBe('contact');
    const profile = await api('/api/user/profile', { token });
    expect(profile.body.profile.contact_email).toBe(contact);
  });
});
