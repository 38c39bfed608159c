import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useFeedback } from './feedback-context';

const THANKS_MS = 5_000;

/** Settings' Feedback & Support: Give Feedback, Report Problem, Request Feature. */
export function SettingsFeedbackButtons() {
  const { openFeedback } = useFeedback();
  const [thanked, setThanked] = useState(false);
  useEffect(() => {
    if (!thanked) return;
    const timer = window.setTimeout(() => setThanked(false), THANKS_MS);
    return () => window.clearTimeout(timer);
  }, [thanked]);
  const onSubmitted = () => setThanked(true);
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={() =>
          openFeedback({
            type: 'general_rating',
            context: 'Settings - General feedback',
            onSubmitted,
          })
        }
      >
        Give Feedback
      </Button>
      <Button
        variant="outline"
        size="sm"
        onClick={() =>
          openFeedback({
            type: 'problem_report',
            context: 'Settings - Problem report',
            onSubmitted,
          })
        }
      >
        Report Problem
      </Button>
      <Button
        variant="outline"
        size="sm"
        onClick={() =>
          openFeedback({
            type: 'feature_request',
            context: 'Settings - Feature request',
            onSubmitted,
          })
        }
      >
        Request Feature
      </Button>
      {thanked ? (
        <p className="feedback__settings-thanks" role="status">
          Thank you for your feedback!
        </p>
      ) : null}
    </>
  );
}
