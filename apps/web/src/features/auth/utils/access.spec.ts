import { describe, expect, it } from '@jest/globals';
import { decideAccess, isNewAccount, NEW_ACCOUNT_WINDOW_MS } from './access';

const now = Date.parse('2025-07-01T12:00:00.000Z');
const longAgo = '2025-01-01T00:00:00.000Z';
const justNow = new Date(now - 3_000).toISOString();

describe('decideAccess', () => {
  it('sends visitors without a token to /login', () => {
    expect(
      decideAccess({
        hasToken: false,
        check: 'success',
        hasSubscription: true,
        createdAt: longAgo,
        now,
      }),
    ).toBe('login');
  });

  it('shows the spinner while checking', () => {
    expect(
      decideAccess({
        hasToken: true,
        check: 'pending',
        hasSubscription: false,
        createdAt: null,
        now,
      }),
    ).toBe('checking');
  });

  it('allows subscribed users', () => {
    expect(
      decideAccess({
        hasToken: true,
        check: 'success',
        hasSubscription: true,
        createdAt: longAgo,
        now,
      }),
    ).toBe('allow');
  });

  it('sends established accounts without a subscription to /signup', () => {
    expect(
      decideAccess({
        hasToken: true,
        check: 'success',
        hasSubscription: false,
        createdAt: longAgo,
        now,
      }),
    ).toBe('signup');
  });

  it('re-checks accounts younger than 10 seconds, also after a failed check', () => {
    expect(
      decideAccess({
        hasToken: true,
        check: 'success',
        hasSubscription: false,
        createdAt: justNow,
        now,
      }),
    ).toBe('recheck');
    expect(
      decideAccess({
        hasToken: true,
        check: 'error',
        hasSubscription: false,
        createdAt: justNow,
        now,
      }),
    ).toBe('recheck');
  });

  it('gives up re-checking once the window has passed', () => {
    const later = Date.parse(justNow) + NEW_ACCOUNT_WINDOW_MS;
    expect(
      decideAccess({
        hasToken: true,
        check: 'success',
        hasSubscription: false,
        createdAt: justNow,
        now: later,
      }),
    ).toBe('signup');
  });
});

describe('isNewAccount', () => {
  it('is false for unknown or unparsable dates', () => {
    expect(isNewAccount(null, now)).toBe(false);
    expect(isNewAccount('not a date', now)).toBe(false);
  });
});
