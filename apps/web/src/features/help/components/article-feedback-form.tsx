import { useState } from 'react';
import { TextAreaField } from '@/components/form/text-area-field';
import { Button } from '@/components/ui/button';
import { useSendArticleFeedback } from '../api/send-article-feedback';

const MAX_TEXT = 2000;

/** 'Was this article helpful?' Yes or No, then optional words, then thanks. */
export function ArticleFeedbackForm({ articleId }: { articleId: string }) {
  const [helpful, setHelpful] = useState<boolean | null>(null);
  const [text, setText] = useState('');
  const send = useSendArticleFeedback();

  if (send.isSuccess) {
    return (
      <p className="help-feedback help-feedback--done" role="status">
        Thanks for your feedback!
      </p>
    );
  }

  const submit = (withText: boolean) => {
    if (helpful === null) return;
    send.mutate({
      article_id: articleId,
      is_helpful: helpful,
      feedback_text: withText && text.trim() ? text.trim() : undefined,
    });
  };

  return (
    <div className="help-feedback">
      <p className="help-feedback__question" id={`helpful-${articleId}`}>
        Was this article helpful?
      </p>
      <div className="help-feedback__choices" role="group" aria-labelledby={`helpful-${articleId}`}>
        <Button
          size="sm"
          variant={helpful === true ? 'primary' : 'outline'}
          aria-pressed={helpful === true}
          onClick={() => setHelpful(true)}
        >
          Yes, helpful
        </Button>
        <Button
          size="sm"
          variant={helpful === false ? 'primary' : 'outline'}
          aria-pressed={helpful === false}
          onClick={() => setHelpful(false)}
        >
          Not helpful
        </Button>
      </div>
      {helpful !== null ? (
        <form
          className="help-feedback__form"
          onSubmit={(event) => {
            event.preventDefault();
            submit(true);
          }}
        >
          <TextAreaField
            label={helpful ? 'What helped? (optional)' : 'What was missing? (optional)'}
            rows={3}
            maxLength={MAX_TEXT}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          {send.isError ? (
            <p className="help-feedback__error" role="alert">
              Failed to send your feedback. Please try again.
            </p>
          ) : null}
          <div className="help-feedback__actions">
            <Button type="submit" variant="primary" size="sm" loading={send.isPending}>
              Send feedback
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
