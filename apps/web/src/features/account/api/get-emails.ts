import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiSuccess, EmailListResponse } from '@snaptrack/contracts/core';

export type { UserEmailRecord as UserEmail } from '@snaptrack/contracts/core';
/** GET /api/user/emails */
export function getEmails(): Promise<ApiSuccess<EmailListResponse>> {
  return api.get('/user/emails');
}

export function getEmailsQueryOptions() {
  return queryOptions({ queryKey: ['user', 'emails'], queryFn: getEmails });
}

export function useEmails() {
  return useQuery(getEmailsQueryOptions());
}
