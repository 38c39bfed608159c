import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getEmailsQueryOptions, type UserEmail } from './get-emails';

export type AddEmailInput = {
  email: string;
  opted_in_transactional: boolean;
  opted_in_marketing: boolean;
};

/** POST /api/user/emails: adds an address and mails a verification link. */
export function addEmail(input: AddEmailInput): Promise<{ success: boolean; email: UserEmail }> {
  return api.post('/user/emails', input);
}

export function useAddEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addEmail,
    onSuccess: () => queryClient.invalidateQueries(getEmailsQueryOptions()),
  });
}
