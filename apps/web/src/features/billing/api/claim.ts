import { api } from '@/lib/api-client';
import type { SubscriptionState } from './subscription-status';

export type ClaimResponse = {
  success: boolean;
  data: { claimed: number; subscription: SubscriptionState };
};

/**
 * POST /api/subscription/claim: a payment made for this account's (proven) address while the
 * account already existed waits for its signed-in owner; this attaches it.
 */
export function claimCheckouts(): Promise<ClaimResponse> {
  return api.post<ClaimResponse>('/subscription/claim', {});
}
