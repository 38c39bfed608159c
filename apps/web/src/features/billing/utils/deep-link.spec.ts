import { describe, expect, it } from '@jest/globals';
import { appDeepLink } from './deep-link';

const base = {
  user: { email: 'a@b.co' },
  platform: 'mobile' as const,
  deep_link_return_url: null,
  auth_token: null,
};

describe('appDeepLink', () => {
  it('carries a new account’s one-time exchange code, never a token', () => {
    const link = appDeepLink({ ...base, auth_token: 'eyJ.leaked', exchange_code: 'c0de_-x' });
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
