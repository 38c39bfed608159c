import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getToken } from '@/lib/session-store';
import type { MutationConfig } from '@/lib/react-query';

export type ArticleFeedback = { article_id: string; is_helpful: boolean; feedback_text?: string };
type Counts = { helpful_count: number; not_helpful_count: number };

/** POST /api/help/feedback: signed-in readers send their token, visitors vote anonymously. */
export async function sendArticleFeedback(feedback: ArticleFeedback): Promise<Counts> {
  return api.post<Counts>('/help/feedback', feedback, { auth: Boolean(getToken()) });
}

export function useSendArticleFeedback({
  mutationConfig,
}: { mutationConfig?: MutationConfig<Counts, ArticleFeedback> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: sendArticleFeedback });
}
