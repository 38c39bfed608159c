import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { CreateCheckoutBody, CreateCheckoutResponse } from '@snaptrack/contracts/core';

export type { CreateCheckoutResponse } from '@snaptrack/contracts/core';

/** POST /api/subscription/create-checkout (public): where to pay. */
export function createCheckout(
  input: Omit<CreateCheckoutBody, 'price_type'>,
): Promise<CreateCheckoutResponse> {
  return api.post<CreateCheckoutResponse>(
    '/subscription/create-checkout',
    { ...input, price_type: 'monthly' },
    { auth: false },
  );
}

export function useCreateCheckout() {
  return useMutation({ mutationFn: createCheckout });
}
