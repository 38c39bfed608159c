import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';
import type { ProductUser } from '@/types/api';

export type ProfileResponse = {
  success: boolean;
  profile: ProductUser;
  email_username: string | null;
  personal_subdomain: string | null;
  subdomain: string | null;
  email_identifier: string | null;
  email_username_changed_at: string | null;
  snaptrack_emails: string[];
};

/** GET /api/user/profile */
export function getProfile({ signal }: { signal?: AbortSignal } = {}): Promise<ProfileResponse> {
  return api.get<ProfileResponse>('/user/profile', { signal });
}

/** The only source of the profile's query key. */
export function getProfileQueryOptions() {
  return queryOptions({
    queryKey: ['user', 'profile'],
    queryFn: ({ signal }) => getProfile({ signal }),
  });
}

type UseProfileOptions = { queryConfig?: QueryConfig<typeof getProfileQueryOptions> };

export function useProfile({ queryConfig }: UseProfileOptions = {}) {
  return useQuery({ ...getProfileQueryOptions(), ...queryConfig });
}
