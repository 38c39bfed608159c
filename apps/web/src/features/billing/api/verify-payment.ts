import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type VerifyPaymentResponse = {
  success: boolean;
  data: {
    user: { email: string };
    platform: 'web' | 'mobile';
    deep_link_return_url: string | null;
    /** Always null now: a token never travels in a URL. */
    auth_token: string | null;
    /** Mobile, new account only: a one-time code the app trades for its token. */
    exchange_code?: string | null;
    /** The address already had an account: its owner signs in to finish. */
    sign_in_required?: boolean;
  };
};

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
