import { useEffect, useId, useState, type FormEvent } from 'react';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { isApiError } from '@/lib/api-client';
import { useFeedbackCategories } from '../api/get-feedback-categories';
import { useSubmitFeedback } from '../api/submit-feedback';
import {
  FEEDBACK_LIMITS,
  FEEDBACK_TYPES,
  validateFeedback,
  type FeedbackDraft,
  type FeedbackType,
} from '../utils/validate-feedback';
import '../feedback.css';

export type FeedbackRequest = {
  type: FeedbackType;
  /** Where it was opened; sent with the feedback. */
  context: string;
  /** Text the message starts with. */
  initialMessage?: string;
  onSubmitted?: () => void;
};

const CLOSE_AFTER_MS = 2_000;
const NETWORK_FAILURE = 'Failed to submit feedback. Please try again.';
const RATING_WORDS = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

function initialDraft(request: FeedbackRequest): FeedbackDraft & { anonymous: boolean } {
  return {
    type: request.type,
    category: '',
    rating: null,
    subject: '',
    message: request.initialMessage ?? '',
    anonymous: false,
  };
}

/**
 * The feedback dialog (docs/api.md, Help, feedback and the marketing site): type, category reloaded
 * per type with the first preselected, rating for general feedback, subject, message with counter
 * and a 'Minimum length met' tick, anonymous toggle; 'Thank You!' closes it after 2 seconds.
 */
export function FeedbackDialog({
  request,
  onClose,
}: {
  request: FeedbackRequest | null;
  onClose: () => void;
}) {
  const open = request !== null;
  const ids = useId();
  const [draft, setDraft] = useState(() =>
    initialDraft(request ?? { type: 'general_rating', context: '' }),
  );
  const [error, setError] = useState<string | null>(null);
  const submit = useSubmitFeedback();
  const categories = useFeedbackCategories(draft.type, open);

  // Every open starts afresh: a half-written draft of last time is not what the user came for. The
  // draft is reset while rendering, not in an effect, so the dialog never shows the previous
  // request's type for a frame.
  const [draftFor, setDraftFor] = useState(request);
  if (request !== draftFor) {
    setDraftFor(request);
    if (request) setDraft(initialDraft(request));
  }
  useEffect(() => {
    if (!request) return;
    setError(null);
    submit.reset();
  }, [request]);

  // Categories reload per type; the first is preselected when none is chosen.
  const firstCategory = categories.data?.[0]?.value;
  useEffect(() => {
    if (firstCategory) setDraft((d) => (d.category ? d : { ...d, category: firstCategory }));
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

  const messageLength = draft.message.trim().length;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
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
        <form className="form feedback" onSubmit={onSubmit} noValidate>
          {error ? <Banner tone="error">{error}</Banner> : null}
          <div className="field">
            <label className="field__label" htmlFor={`${ids}-type`}>
              Feedback type
            </label>
            <select
              id={`${ids}-type`}
              className="input"
              value={draft.type}
              onChange={(event) =>
                setDraft((d) => ({
                  ...d,
                  type: event.target.value as FeedbackType,
                  category: '',
                  rating: null,
                }))
              }
            >
              {FEEDBACK_TYPES.map((type) => (
                <option key={type.value} value={type.value}>
                  {type.label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${ids}-category`}>
              Category
            </label>
            <select
              id={`${ids}-category`}
              className="input"
              value={draft.category}
              onChange={(event) => setDraft((d) => ({ ...d, category: event.target.value }))}
            >
              <option value="">Choose a category</option>
              {categories.data?.map((category) => (
                <option key={category.value} value={category.value} title={category.description}>
                  {category.label}
                </option>
              ))}
            </select>
          </div>
          {draft.type === 'general_rating' ? (
            <fieldset className="feedback__rating">
              <legend className="field__label">Your rating</legend>
              <div className="feedback__stars">
                {RATING_WORDS.map((word, index) => {
                  const value = index + 1;
                  return (
                    <label
                      key={value}
                      className={`feedback__star${draft.rating !== null && value <= draft.rating ? ' feedback__star--on' : ''}`}
                    >
                      <input
                        type="radio"
                        name={`${ids}-rating`}
                        className="sr-only"
                        aria-label={`${value} of 5, ${word}`}
                        value={value}
                        checked={draft.rating === value}
                        onChange={() => setDraft((d) => ({ ...d, rating: value }))}
                      />
                      <span aria-hidden="true">★</span>
                    </label>
                  );
                })}
              </div>
            </fieldset>
          ) : null}
          <label className="field">
            <span className="field__label">Subject (optional)</span>
            <input
              className="input"
              value={draft.subject}
              maxLength={FEEDBACK_LIMITS.maxSubject}
              onChange={(event) => setDraft((d) => ({ ...d, subject: event.target.value }))}
            />
          </label>
          <div className="field">
            <div className="field__label-row">
              <label className="field__label" htmlFor={`${ids}-message`}>
                Message
              </label>
              <span className="feedback__counter" aria-live="polite">
                {messageLength >= FEEDBACK_LIMITS.minMessage ? (
                  <span className="feedback__met">✓ Minimum length met</span>
                ) : null}{' '}
                {draft.message.length}/{FEEDBACK_LIMITS.maxMessage}
              </span>
            </div>
            <textarea
              id={`${ids}-message`}
              className="input"
              rows={5}
              maxLength={FEEDBACK_LIMITS.maxMessage}
              value={draft.message}
              placeholder="Tell us what you think (at least 10 characters)"
              onChange={(event) => setDraft((d) => ({ ...d, message: event.target.value }))}
            />
          </div>
          <label className="feedback__toggle">
            <input
              type="checkbox"
              checked={draft.anonymous}
              onChange={(event) => setDraft((d) => ({ ...d, anonymous: event.target.checked }))}
            />
            Send anonymously (your account is not attached)
          </label>
          <div className="form__actions">
            <Button variant="outline" onClick={onClose} disabled={submit.isPending}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant="primary"
              loading={submit.isPending}
              disabled={!draft.message.trim()}
            >
              Send Feedback
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
