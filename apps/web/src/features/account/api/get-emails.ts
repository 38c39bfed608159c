import { queryOptions, useQuery } from '@tanstack/react-query';
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
