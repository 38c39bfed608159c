import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { clearSession } from '@/lib/session-store';

/**
 * POST /api/auth/logout (Sign Out): the server ends this session only, the other devices stay
 * signed in; the token is dropped here anyway.
 */
export function logout(): Promise<void> {
  return api.post<void>('/auth/logout');
}

type UseLogoutOptions = { mutationConfig?: MutationConfig<void, void> };

/**
 * Signing out clears the stored token and user and every cached query, whether or not the
 * server call succeeded: an unreachable server must not keep anyone signed in here.
 */
export function useLogout({ mutationConfig }: UseLogoutOptions = {}) {
  const queryClient = useQueryClient();
  const { onSettled, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: logout,
    onSettled: (...args) => {
      clearSession();
      queryClient.clear();
      return onSettled?.(...args);
    },
  });
}
