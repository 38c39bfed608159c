import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PortalResponse } from '@snaptrack/contracts/core';

/** POST /api/subscription/portal: the billing portal's address ('Manage Billing'). */
export function openPortal(): Promise<PortalResponse> {
  return api.post('/subscription/portal', {});
}

export function useOpenPortal() {
  return useMutation({ mutationFn: openPortal });
}
