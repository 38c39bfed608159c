import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { getToken } from '@/lib/session-store';
import type { FeedbackSubmission, SubmitFeedbackResponse } from '@snaptrack/contracts/core';

export type { FeedbackSubmission } from '@snaptrack/contracts/core';
/** POST /api/feedback; a signed-in user's token goes along (the server drops it if anonymous). */
export async function submitFeedback(
  submission: FeedbackSubmission,
): Promise<SubmitFeedbackResponse> {
  return api.post<SubmitFeedbackResponse>('/feedback', submission, { auth: Boolean(getToken()) });
}

export function useSubmitFeedback({
  mutationConfig,
}: { mutationConfig?: MutationConfig<SubmitFeedbackResponse, FeedbackSubmission> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: submitFeedback });
}
