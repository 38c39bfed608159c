import { describe, expect, it } from '@jest/globals';
import {
  addMonth,
  entitlementOf,
  graceMs,
  hasAccess,
  toSubscriptionState,
  type SubscriptionRow,
} from './subscription-state.js';

const now = new Date('2026-11-22T12:00:00Z');
const row = (fields: Partial<SubscriptionRow>): SubscriptionRow => ({
  user_id: 'u',
  email: 'a@b.c',
  provider: 'local',
  customer_id: 'c',
  subscription_id: 's',
  status: 'active',
  current_period_end: new Date('2026-12-22T12:00:00Z'),
  cancel_at: null,
  ...fields,
});

describe('subscription state', () => {
  it('grants access while active or past due, and until the end of a cancelled period', () => {
    expect(hasAccess(row({ status: 'active' }), now)).toBe(true);
    expect(hasAccess(row({ status: 'past_due' }), now)).toBe(true);
    expect(hasAccess(row({ status: 'canceled' }), now)).toBe(true);
    expect(
      hasAccess(row({ status: 'canceled', current_period_end: new Date('2026-11-01') }), now),
    ).toBe(false);
    expect(hasAccess(row({ status: 'none' }), now)).toBe(false);
  });

  it('reports a scheduled cancellation with its date', () => {
    const end = new Date('2026-12-22T12:00:00Z');
    expect(toSubscriptionState(row({ cancel_at: end }), { billingOff: false, now })).toEqual({
      has_subscription: true,
      status: 'active',
      plan: 'SnapTrack Pro',
      current_period_end: end.toISOString(),
      cancel_at: end.toISOString(),
    });
  });

  it('reports no subscription, and everyone subscribed when billing is off', () => {
    expect(toSubscriptionState(undefined, { billingOff: false, now })).toMatchObject({
      has_subscription: false,
      status: 'none',
    });
    expect(toSubscriptionState(undefined, { billingOff: true, now })).toMatchObject({
      has_subscription: true,
      status: 'active',
    });
  });

  it('entitles past_due only within its grace, counted from when payment first failed', () => {
    const options = { billingOff: false, now, pastDueGraceMs: graceMs(7) };
    const since = (iso: string) =>
      entitlementOf(row({ status: 'past_due', past_due_since: new Date(iso) }), options);
    expect(since('2026-11-20T12:00:00Z')).toEqual({
      entitled: true,
      status: 'past_due',
      reason: 'past_due_grace',
      until: '2026-11-27T12:00:00.000Z',
    });
    expect(since('2026-11-10T12:00:00Z')).toMatchObject({
      entitled: false,
      reason: 'past_due_expired',
    });
  });

  it('refuses a lapsed subscription and none at all; entitles everyone with billing off', () => {
    const lapsed = row({ status: 'canceled', current_period_end: new Date('2026-11-01') });
    expect(entitlementOf(lapsed, { billingOff: false, now })).toMatchObject({
      entitled: false,
      reason: 'ended',
    });
    // Ended by its schedule before the provider's event said so.
    const overdue = row({ status: 'active', cancel_at: new Date('2026-11-21') });
    expect(entitlementOf(overdue, { billingOff: false, now }).entitled).toBe(false);
    expect(entitlementOf(undefined, { billingOff: false, now })).toMatchObject({
      entitled: false,
      reason: 'no_subscription',
    });
    expect(entitlementOf(lapsed, { billingOff: true, now })).toMatchObject({
      entitled: true,
      reason: 'billing_off',
    });
  });

  it('renews a month later, clamped to the month end', () => {
    expect(addMonth(new Date('2026-01-31T10:00:00Z')).toISOString()).toBe(
      '2026-02-28T10:00:00.000Z',
    );
    expect(addMonth(new Date('2026-11-22T10:00:00Z')).toISOString()).toBe(
      '2026-12-22T10:00:00.000Z',
    );
  });
});
