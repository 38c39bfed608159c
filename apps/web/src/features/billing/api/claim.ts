import { api } from '@/lib/api-client';
import type { ClaimCheckoutsResponse } from '@snaptrack/contracts/core';

export type { ClaimCheckoutsResponse as ClaimResponse } from '@snaptrack/contracts/core';

/**
 * POST /api/subscription/claim: a payment made for this account's (proven) address while the
 * account already existed waits for its signed-in owner; this attaches it.
 */
export function claimCheckouts(): Promise<ClaimCheckoutsResponse> {
  return api.post<ClaimCheckoutsResponse>('/subscription/claim', {});
}
