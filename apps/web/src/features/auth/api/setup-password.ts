import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { saveSession } from '@/lib/session-store';
import type { ProductUser } from '@/types/api';

export type SetupPasswordResponse = {
  success: boolean;
  data: { auth_token: string; user: ProductUser };
};

/** POST /api/subscription/setup-password (public): sets the first password and signs in. */
export function setupPassword(input: {
  token: string;
  password: string;
}): Promise<SetupPasswordResponse> {
  return api.post<SetupPasswordResponse>('/subscription/setup-password', input, { auth: false });
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
