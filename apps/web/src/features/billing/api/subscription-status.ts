import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { SubscriptionStatusResponse } from '@snaptrack/contracts/core';

export type { SubscriptionState, SubscriptionStatus } from '@snaptrack/contracts/core';
/** GET /api/subscription/status. */
export function getSubscriptionStatus(): Promise<SubscriptionStatusResponse> {
  return api.get('/subscription/status');
}

export const subscriptionStatusQuery = () =>
  queryOptions({ queryKey: ['subscription', 'status'], queryFn: getSubscriptionStatus });

export function useSubscriptionStatus() {
  return useQuery(subscriptionStatusQuery());
}
