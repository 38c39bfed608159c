import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getToken } from '@/lib/session-store';
import type { MutationConfig } from '@/lib/react-query';
import type { ArticleFeedbackBody, ArticleFeedbackResponse } from '@snaptrack/contracts/core';

export type { ArticleFeedbackBody as ArticleFeedback } from '@snaptrack/contracts/core';

/** POST /api/help/feedback: signed-in readers send their token, visitors vote anonymously. */
export async function sendArticleFeedback(
  feedback: ArticleFeedbackBody,
): Promise<ArticleFeedbackResponse> {
  return api.post<ArticleFeedbackResponse>('/help/feedback', feedback, {
    auth: Boolean(getToken()),
  });
}

export function useSendArticleFeedback({
  mutationConfig,
}: { mutationConfig?: MutationConfig<ArticleFeedbackResponse, ArticleFeedbackBody> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: sendArticleFeedback });
}
