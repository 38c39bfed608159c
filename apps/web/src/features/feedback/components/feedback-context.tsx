import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { FeedbackDialog, type FeedbackRequest } from './feedback-dialog';

type FeedbackValue = { openFeedback: (request: FeedbackRequest) => void };

const FeedbackContext = createContext<FeedbackValue | null>(null);

/** Holds the page's one feedback dialog; the footer and settings open it. */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<FeedbackRequest | null>(null);
  const openFeedback = useCallback((next: FeedbackRequest) => setRequest({ ...next }), []);
  const close = useCallback(() => setRequest(null), []);
  const value = useMemo(() => ({ openFeedback }), [openFeedback]);
  return (
    <FeedbackContext.Provider value={value}>
      {children}
      <FeedbackDialog request={request} onClose={close} />
    </FeedbackContext.Provider>
  );
}

export function useFeedback(): FeedbackValue {
  const value = useContext(FeedbackContext);
  if (!value) throw new Error('useFeedback needs a FeedbackProvider above it');
  return value;
}
