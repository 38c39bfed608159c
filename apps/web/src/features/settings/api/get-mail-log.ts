import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiSuccess, MailLogResponse } from '@snaptrack/contracts/core';

export type { InboundMailEntry as MailLogEntry } from '@snaptrack/contracts/core';
/** GET /api/email/log: the user's forwarded mail, newest first, with what became of it. */
export async function getMailLog({ signal }: { signal?: AbortSignal } = {}) {
  const body = await api.get<ApiSuccess<MailLogResponse>>('/email/log?limit=5', { signal });
  return body.messages;
}

export function getMailLogQueryOptions() {
  return queryOptions({
    queryKey: ['email', 'log'],
    queryFn: ({ signal }) => getMailLog({ signal }),
    // While a message is still being read, look again shortly.
    refetchInterval: (query) =>
      query.state.data?.some((entry) => entry.status === 'received') ? 3_000 : 30_000,
  });
}

export function useMailLog({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getMailLogQueryOptions(), enabled });
}
