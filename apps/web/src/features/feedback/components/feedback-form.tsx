import { useId, type FormEvent } from 'react';
import { SelectField } from '@/components/form/select-field';
import { TextAreaField } from '@/components/form/text-area-field';
import { TextField } from '@/components/form/text-field';
import { CheckboxField } from '@/components/form/checkbox-field';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import type { useFeedbackCategories } from '../api/get-feedback-categories';
import { FEEDBACK_LIMITS, FEEDBACK_TYPES, type FeedbackType } from '../utils/validate-feedback';
import { FeedbackRatingField } from './feedback-rating-field';
import type { useFeedbackForm } from './use-feedback-form';

type FeedbackFormProps = {
  form: ReturnType<typeof useFeedbackForm>;
  categories: ReturnType<typeof useFeedbackCategories>['data'];
  sending: boolean;
  onSubmit: () => void;
  onCancel: () => void;
};

/** The fields of the feedback dialog; the dialog owns sending and closing. */
export function FeedbackForm({ form, categories, sending, onSubmit, onCancel }: FeedbackFormProps) {
  const ids = useId();
  const { draft, error, edit } = form;
  const messageLength = draft.message.trim().length;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <form className="form feedback" onSubmit={submit} noValidate>
      {error ? <Banner tone="error">{error}</Banner> : null}
      <SelectField
        id={`${ids}-type`}
        label="Feedback type"
        value={draft.type}
        onChange={(event) => form.setType(event.target.value as FeedbackType)}
      >
        {FEEDBACK_TYPES.map((type) => (
          <option key={type.value} value={type.value}>
            {type.label}
          </option>
        ))}
      </SelectField>
      <SelectField
        id={`${ids}-category`}
        label="Category"
        value={draft.category}
        onChange={(event) => edit({ category: event.target.value })}
      >
        <option value="">Choose a category</option>
        {categories?.map((category) => (
          <option key={category.value} value={category.value} title={category.description}>
            {category.label}
          </option>
        ))}
      </SelectField>
      {draft.type === 'general_rating' ? (
        <FeedbackRatingField rating={draft.rating} onRate={(rating) => edit({ rating })} />
      ) : null}
      <TextField
        label="Subject (optional)"
        value={draft.subject}
        maxLength={FEEDBACK_LIMITS.maxSubject}
        onChange={(event) => edit({ subject: event.target.value })}
      />
      <TextAreaField
        id={`${ids}-message`}
        label="Message"
        labelAside={
          <span className="feedback__counter" aria-live="polite">
            {messageLength >= FEEDBACK_LIMITS.minMessage ? (
              <span className="feedback__met">✓ Minimum length met</span>
            ) : null}{' '}
            {draft.message.length}/{FEEDBACK_LIMITS.maxMessage}
          </span>
        }
        rows={5}
        maxLength={FEEDBACK_LIMITS.maxMessage}
        value={draft.message}
        placeholder="Tell us what you think (at least 10 characters)"
        onChange={(event) => edit({ message: event.target.value })}
      />
      <CheckboxField
        className="feedback__toggle"
        label="Send anonymously (your account is not attached)"
        checked={draft.anonymous}
        onChange={(event) => edit({ anonymous: event.target.checked })}
      />
      <div className="form__actions">
        <Button variant="outline" onClick={onCancel} disabled={sending}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" loading={sending} disabled={!draft.message.trim()}>
          Send Feedback
        </Button>
      </div>
    </form>
  );
}
