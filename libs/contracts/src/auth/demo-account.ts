/**
 * The demo account every local run seeds (docs/architecture.md, Decisions). Fixed so that each
 * service can seed its own part of it without asking the others.
 */
export const DemoAccount = {
  id: '00000000-0000-4000-8000-00000000d3e0',
  email: 'demo@example.com',
  password: 'snaptrack-demo',
  username: 'demo',
  fullName: 'Demo User',
  entities: ['Personal', 'Acme Consulting', 'Side Studio'],
  /** Its subscription in billing-service (local provider, renewing): the source of truth. */
  subscription: { customerId: 'cus_local_demo', subscriptionId: 'sub_local_demo' },
} as const;

/**
 * Where a seed run puts the demo's paid period end: 30 days after today's UTC midnight, so
 * billing (the subscription) and auth (its read model) seed the same date without asking.
 */
export function demoPeriodEnd(now: Date = new Date()): Date {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(midnight + 30 * 24 * 60 * 60 * 1000);
}
