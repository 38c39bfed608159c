import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/auth/logout-everywhere: every session of the account ends. */
export function signOutEverywhere(): Promise<void> {
  return api.post('/auth/logout-everywhere');
}

export function useSignOutEverywhere({ onSettled }: { onSettled: () => void }) {
  return useMutation({ mutationFn: signOutEverywhere, onSettled });
}
