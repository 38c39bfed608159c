import { useEffect } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { isApiError } from '@/lib/api-client';
import { useFeedbackCategories } from '../api/get-feedback-categories';
import { useSubmitFeedback } from '../api/submit-feedback';
import { validateFeedback } from '../utils/validate-feedback';
import { FeedbackForm } from './feedback-form';
import { useFeedbackForm, type FeedbackRequest } from './use-feedback-form';
import '../feedback.css';

export type { FeedbackRequest } from './use-feedback-form';

const CLOSE_AFTER_MS = 2_000;
const NETWORK_FAILURE = 'Failed to submit feedback. Please try again.';

/**
 * The feedback dialog: type, category reloaded per type with the first
 * preselected, rating for general feedback, subject, message with counter and a 'Minimum
 * length met' tick, anonymous toggle; 'Thank You!' closes it after 2 seconds.
 */
export function FeedbackDialog({
  request,
  onClose,
}: {
  request: FeedbackRequest | null;
  onClose: () => void;
}) {
  const open = request !== null;
  const form = useFeedbackForm(request);
  const { draft, setError, preselectCategory } = form;
  const submit = useSubmitFeedback();
  const categories = useFeedbackCategories(draft.type, open);

  useEffect(() => {
    if (request) submit.reset();
  }, [request]);

  // Categories reload per type; the first is preselected when none is chosen.
  const firstCategory = categories.data?.[0]?.value;
  useEffect(() => {
    if (firstCategory) preselectCategory(firstCategory);
  }, [firstCategory, draft.type]);

  useEffect(() => {
    if (categories.isError) console.error('Failed to load feedback categories', categories.error);
  }, [categories.isError, categories.error]);

  const succeeded = submit.isSuccess;
  useEffect(() => {
    if (!succeeded) return;
    const timer = window.setTimeout(onClose, CLOSE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [succeeded, onClose]);

  const send = () => {
    if (!request || submit.isPending) return;
    const problem = validateFeedback(draft);
    setError(problem);
    if (problem || !draft.type) return;
    submit.mutate(
      {
        type: draft.type,
        category: draft.category,
        rating: draft.type === 'general_rating' ? draft.rating : null,
        subject: draft.subject.trim(),
        message: draft.message.trim(),
        anonymous: draft.anonymous,
        platform: 'web',
        context: request.context,
      },
      {
        onSuccess: () => request.onSubmitted?.(),
        onError: (failure) =>
          setError(isApiError(failure) && failure.status > 0 ? failure.message : NETWORK_FAILURE),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={succeeded ? 'Thank You!' : 'Send Feedback'}
      size="md"
      closeLabel="Close feedback"
      dismissible={!submit.isPending}
    >
      {succeeded ? (
        <p className="feedback__thanks" role="status">
          Your feedback has been sent. We read every message.
        </p>
      ) : (
        <FeedbackForm
          form={form}
          categories={categories.data}
          sending={submit.isPending}
          onSubmit={send}
          onCancel={onClose}
        />
      )}
    </Dialog>
  );
}
