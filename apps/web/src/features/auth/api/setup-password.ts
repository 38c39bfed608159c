import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { saveSession } from '@/lib/session-store';
import type { PasswordSetupBody, PasswordSetupResponse } from '@snaptrack/contracts/core';

export type { PasswordSetupResponse as SetupPasswordResponse } from '@snaptrack/contracts/core';

/** POST /api/subscription/setup-password (public): sets the first password and signs in. */
export function setupPassword(input: PasswordSetupBody): Promise<PasswordSetupResponse> {
  return api.post<PasswordSetupResponse>('/subscription/setup-password', input, { auth: false });
}

export function useSetupPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setupPassword,
    onSuccess: ({ data }) => {
      queryClient.clear();
      saveSession({ token: data.auth_token, user: data.user });
    },
  });
}
