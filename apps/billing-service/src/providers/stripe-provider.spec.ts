import { describe, expect, it } from '@jest/globals';
import type Stripe from 'stripe';
import { invoiceSubscriptionId } from '../webhooks/stripe-events.service.js';
import { toProviderSubscription, toStatus } from './stripe-provider.js';

const subscription = (fields: Partial<Stripe.Subscription>) =>
  ({
    id: 'sub_1',
    customer: 'cus_1',
    status: 'active',
    cancel_at: null,
    cancel_at_period_end: false,
    items: { data: [{ current_period_end: 1_800_000_000 }, { current_period_end: 1_800_000_500 }] },
    ...fields,
  }) as unknown as Stripe.Subscription;

describe('stripe subscriptions in billing terms', () => {
  it('maps Stripe statuses onto active, past_due, canceled and none', () => {
    expect(toStatus('active')).toBe('active');
    expect(toStatus('trialing')).toBe('active');
    expect(toStatus('past_due')).toBe('past_due');
    expect(toStatus('unpaid')).toBe('past_due');
    expect(toStatus('canceled')).toBe('canceled');
    expect(toStatus('incomplete_expired')).toBe('canceled');
    expect(toStatus('incomplete')).toBe('none');
  });

  it('takes the period end from the items and a scheduled cancellation from cancel_at', () => {
    expect(toProviderSubscription(subscription({}))).toEqual({
      id: 'sub_1',
      customerId: 'cus_1',
      status: 'active',
      currentPeriodEnd: new Date(1_800_000_500_000),
      cancelAt: null,
    });
    expect(toProviderSubscription(subscription({ cancel_at_period_end: true })).cancelAt).toEqual(
      new Date(1_800_000_500_000),
    );
    expect(toProviderSubscription(subscription({ cancel_at: 1_790_000_000 })).cancelAt).toEqual(
      new Date(1_790_000_000_000),
    );
  });

  it("finds an invoice's subscription in the current and the older API shape", () => {
    expect(
      invoiceSubscriptionId({ parent: { subscription_details: { subscription: 'sub_new' } } }),
    ).toBe('sub_new');
    expect(invoiceSubscriptionId({ subscription: 'sub_old' })).toBe('sub_old');
    expect(invoiceSubscriptionId({ parent: null })).toBeNull();
  });
});
