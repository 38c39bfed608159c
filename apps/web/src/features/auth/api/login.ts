import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { saveSession } from '@/lib/session-store';
import type {
  LoginBody as LoginInput,
  SessionResponse as LoginResponse,
} from '@snaptrack/contracts/core';

export type {
  LoginBody as LoginInput,
  SessionResponse as LoginResponse,
} from '@snaptrack/contracts/core';

/** POST /api/auth/login: public; a wrong password is a 401 that must not end any session. */
export function login(input: LoginInput): Promise<LoginResponse> {
  return api.post<LoginResponse>('/auth/login', input, { auth: false });
}

type UseLoginOptions = { mutationConfig?: MutationConfig<LoginResponse, LoginInput> };

/** Signs in and stores token and user; queries of any previous user are dropped first. */
export function useLogin({ mutationConfig }: UseLoginOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: login,
    onSuccess: (...args) => {
      const [data] = args;
      queryClient.clear();
      saveSession({ token: data.token, user: data.user });
      return onSuccess?.(...args);
    },
  });
}
