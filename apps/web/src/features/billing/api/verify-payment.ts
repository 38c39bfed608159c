import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { VerifyPaymentResponse } from '@snaptrack/contracts/core';

export type { VerifyPaymentResponse } from '@snaptrack/contracts/core';
/** POST /api/subscription/verify-payment (public): confirms the checkout of the success URL. */
export function verifyPayment(sessionId: string): Promise<VerifyPaymentResponse> {
  return api.post<VerifyPaymentResponse>(
    '/subscription/verify-payment',
    { session_id: sessionId },
    { auth: false },
  );
}

export const verifyPaymentQuery = (sessionId: string) =>
  queryOptions({
    queryKey: ['subscription', 'verify-payment', sessionId],
    queryFn: () => verifyPayment(sessionId),
    retry: false,
    staleTime: Infinity,
  });

export function useVerifyPayment(sessionId: string) {
  return useQuery({ ...verifyPaymentQuery(sessionId), enabled: sessionId !== '' });
}
