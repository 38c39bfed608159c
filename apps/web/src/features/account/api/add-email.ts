import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getEmailsQueryOptions } from './get-emails';
import type { AddEmailBody, ApiSuccess, EmailResponse } from '@snaptrack/contracts/core';

export type { AddEmailBody as AddEmailInput } from '@snaptrack/contracts/core';
/** POST /api/user/emails: adds an address and mails a verification link. */
export function addEmail(input: AddEmailBody): Promise<ApiSuccess<EmailResponse>> {
  return api.post('/user/emails', input);
}

export function useAddEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addEmail,
    onSuccess: () => queryClient.invalidateQueries(getEmailsQueryOptions()),
  });
}
