import { describe, expect, it } from '@jest/globals';
import { hasActiveSubscription, receiptAddress } from './user.mapper.js';
import type { UserEntity } from './user.entity.js';

const now = new Date('2026-11-21T12:00:00Z');
const user = (fields: Partial<UserEntity>) =>
  ({ subscriptionStatus: 'none', subscriptionPeriodEnd: null, ...fields }) as UserEntity;
const settings = { mailDomain: 'snaptrack.localhost', billingOff: false, now };

describe('hasActiveSubscription', () => {
  it('grants access while active or past due', () => {
    expect(hasActiveSubscription(user({ subscriptionStatus: 'active' }), settings)).toBe(true);
    expect(hasActiveSubscription(user({ subscriptionStatus: 'past_due' }), settings)).toBe(true);
  });

  it('ends past_due access when the grace billing reports ends', () => {
    const pastDue = (iso: string) =>
      user({ subscriptionStatus: 'past_due', subscriptionPeriodEnd: new Date(iso) });
    expect(hasActiveSubscription(pastDue('2026-11-30T00:00:00Z'), settings)).toBe(true);
    expect(hasActiveSubscription(pastDue('2026-11-01T00:00:00Z'), settings)).toBe(false);
  });

  it('keeps access after cancelling until the paid period ends', () => {
    const until = (iso: string) =>
      user({ subscriptionStatus: 'canceled', subscriptionPeriodEnd: new Date(iso) });
    expect(hasActiveSubscription(until('2026-11-30T00:00:00Z'), settings)).toBe(true);
    expect(hasActiveSubscription(until('2026-11-01T00:00:00Z'), settings)).toBe(false);
  });

  it('refuses without a subscription unless billing is off', () => {
    expect(hasActiveSubscription(user({}), settings)).toBe(false);
    expect(hasActiveSubscription(user({}), { ...settings, billingOff: true })).toBe(true);
  });
});

describe('receiptAddress', () => {
  it('prefers the username form, then the legacy form', () => {
    expect(receiptAddress(user({ emailUsername: 'demo' }), 'snaptrack.localhost')).toBe(
      'demo@snaptrack.localhost',
    );
    expect(
      receiptAddress(
        user({ emailUsername: null, personalSubdomain: 'acme' }),
        'snaptrack.localhost',
      ),
    ).toBe('expense@acme.snaptrack.localhost');
    expect(
      receiptAddress(user({ emailUsername: null, personalSubdomain: null }), 'x.test'),
    ).toBeNull();
  });
});
