import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { getToken } from '@/lib/session-store';
import type { FeedbackType } from '../utils/validate-feedback';

export type FeedbackSubmission = {
  type: FeedbackType;
  category: string;
  rating: number | null;
  subject: string;
  message: string;
  anonymous: boolean;
  /** Always 'web' from this app. */
  platform: 'web';
  /** Where the dialog was opened, e.g. 'Footer link - General feedback'. */
  context: string;
};

type Submitted = { data: { id: string; anonymous: boolean } };

/** POST /api/feedback; a signed-in user's token goes along (the server drops it if anonymous). */
export async function submitFeedback(submission: FeedbackSubmission): Promise<Submitted> {
  return api.post<Submitted>('/feedback', submission, { auth: Boolean(getToken()) });
}

export function useSubmitFeedback({
  mutationConfig,
}: { mutationConfig?: MutationConfig<Submitted, FeedbackSubmission> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: submitFeedback });
}
