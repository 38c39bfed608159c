import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type SubscriptionStatus = 'active' | 'past_due' | 'canceled' | 'none' | 'error';

export type SubscriptionState = {
  has_subscription: boolean;
  status: SubscriptionStatus;
  plan: string | null;
  current_period_end: string | null;
  cancel_at: string | null;
};

/** GET /api/subscription/status. */
export function getSubscriptionStatus(): Promise<{ success: boolean; data: SubscriptionState }> {
  return api.get('/subscription/status');
}

export const subscriptionStatusQuery = () =>
  queryOptions({ queryKey: ['subscription', 'status'], queryFn: getSubscriptionStatus });

export function useSubscriptionStatus() {
  return useQuery(subscriptionStatusQuery());
}
