import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/subscription/portal: the billing portal's address ('Manage Billing'). */
export function openPortal(): Promise<{ success: boolean; data: { portal_url: string } }> {
  return api.post('/subscription/portal', {});
}

export function useOpenPortal() {
  return useMutation({ mutationFn: openPortal });
}
