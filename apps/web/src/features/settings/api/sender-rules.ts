import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type {
  ApiSuccess,
  HeldMailReleaseResponse,
  MailLogResponse,
  SenderRulesResponse,
  SenderRulesUpdate,
} from '@snaptrack/contracts/core';

/** GET /api/email/senders: whose mail becomes receipts. */
export function getSenderRulesQueryOptions() {
  return queryOptions({
    queryKey: ['email', 'senders'],
    queryFn: ({ signal }) => api.get<ApiSuccess<SenderRulesResponse>>('/email/senders', { signal }),
  });
}

export function useSenderRules() {
  return useQuery(getSenderRulesQueryOptions());
}

/** PUT /api/email/senders; shows what the server stored (entries normalised, once). */
export function useUpdateSenderRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rules: SenderRulesUpdate) =>
      api.put<ApiSuccess<SenderRulesResponse>>('/email/senders', rules),
    onSuccess: (stored) => queryClient.setQueryData(getSenderRulesQueryOptions().queryKey, stored),
  });
}

/** The held mail of the log (the last 100 messages), oldest held last. */
export function useHeldMail() {
  return useQuery({
    queryKey: ['email', 'log', 'held'],
    queryFn: async ({ signal }) => {
      const body = await api.get<ApiSuccess<MailLogResponse>>('/email/log?limit=100', { signal });
      return body.messages.filter((entry) => entry.status === 'held');
    },
  });
}

/** POST /api/email/log/{id}/release: the held mail is read now. */
export function useReleaseHeldMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<ApiSuccess<HeldMailReleaseResponse>>(`/email/log/${encodeURIComponent(id)}/release`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['email', 'log'] }),
  });
}
