import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type MailLogEntry = {
  id: string;
  received_at: string;
  from: string | null;
  subject: string | null;
  status: 'received' | 'processed' | 'failed';
  receipts_created: number;
  reason: string | null;
};

/** GET /api/email/log: the user's forwarded mail, newest first, with what became of it. */
export async function getMailLog({ signal }: { signal?: AbortSignal } = {}) {
  const body = await api.get<{ messages: MailLogEntry[] }>('/email/log?limit=5', { signal });
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
