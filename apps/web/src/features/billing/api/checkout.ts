import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type CreateCheckoutResponse = {
  success: boolean;
  data: { checkout_url: string; session_id: string };
};

/** POST /api/subscription/create-checkout (public): where to pay. */
export function createCheckout(input: {
  email: string;
  platform: 'web' | 'mobile';
  return_url?: string;
}): Promise<CreateCheckoutResponse> {
  return api.post<CreateCheckoutResponse>(
    '/subscription/create-checkout',
    { ...input, price_type: 'monthly' },
    { auth: false },
  );
}

export function useCreateCheckout() {
  return useMutation({ mutationFn: createCheckout });
}
