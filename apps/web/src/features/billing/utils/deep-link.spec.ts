import { describe, expect, it } from '@jest/globals';
import type { VerifyPaymentResponse } from '@snaptrack/contracts/core';
import { appDeepLink } from './deep-link';

const base: VerifyPaymentResponse['data'] = {
  user: { email: 'a@b.co' },
  platform: 'mobile',
  deep_link_return_url: null,
  auth_token: null,
  exchange_code: null,
  sign_in_required: false,
};

describe('appDeepLink', () => {
  it('carries a new account’s one-time exchange code, never a token', () => {
    const link = appDeepLink({
      ...base,
      // Older servers put a token here: it must never reach the link.
      auth_token: 'eyJ.leaked' as unknown as null,
      exchange_code: 'c0de_-x',
    });
    expect(link).toBe('snaptrack://signup/success?code=c0de_-x');
    expect(link).not.toContain('token');
  });

  it('tells the app to sign in when the address already had an account', () => {
    expect(
      appDeepLink({
        ...base,
        deep_link_return_url: 'snaptrack://signup/done?x=1',
        exchange_code: null,
        sign_in_required: true,
      }),
    ).toBe('snaptrack://signup/done?x=1&sign_in=required');
  });

  it('is the plain return link otherwise', () => {
    expect(appDeepLink({ ...base, deep_link_return_url: 'snaptrack://back' })).toBe(
      'snaptrack://back',
    );
  });
});
