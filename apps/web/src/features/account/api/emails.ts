import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type UserEmail = {
  id: string;
  email: string;
  email_type: 'primary' | 'contact' | 'additional';
  is_verified: boolean;
  opted_in_transactional: boolean;
  opted_in_marketing: boolean;
  created_at: string;
  verified_at: string | null;
};

/** GET /api/user/emails */
export function getEmails(): Promise<{ success: boolean; emails: UserEmail[] }> {
  return api.get('/user/emails');
}

export function getEmailsQueryOptions() {
  return queryOptions({ queryKey: ['user', 'emails'], queryFn: getEmails });
}

export function useEmails() {
  return useQuery(getEmailsQueryOptions());
}

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

/** POST /api/user/emails/{id}/send-verification: really sends the mail again. */
export function sendVerification(id: string): Promise<{ success: boolean }> {
  return api.post(`/user/emails/${encodeURIComponent(id)}/send-verification`);
}

export function useSendVerification() {
  return useMutation({ mutationFn: sendVerification });
}

/** POST /api/user/emails/{id}/verify (public): the link from the verification mail. */
export function verifyEmail(input: { id: string; token: string }) {
  return api.post<{ success: boolean; email: UserEmail }>(
    `/user/emails/${encodeURIComponent(input.id)}/verify`,
    { token: input.token },
    { auth: false },
  );
}
