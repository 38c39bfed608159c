import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useOpenedOnce } from '@/lib/use-opened-once';
import type { FeedbackRequest } from './use-feedback-form';

// The dialog, its form and its requests load when feedback is first asked for, not with every
// page (it was part of the entry chunk).
const FeedbackDialog = lazy(() =>
  import('./feedback-dialog').then((module) => ({ default: module.FeedbackDialog })),
);

type FeedbackValue = { openFeedback: (request: FeedbackRequest) => void };

const FeedbackContext = createContext<FeedbackValue | null>(null);

/** Holds the page's one feedback dialog; the footer and settings open it. */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<FeedbackRequest | null>(null);
  const openFeedback = useCallback((next: FeedbackRequest) => setRequest({ ...next }), []);
  const close = useCallback(() => setRequest(null), []);
  const value = useMemo(() => ({ openFeedback }), [openFeedback]);
  const opened = useOpenedOnce(request !== null);
  return (
    <FeedbackContext.Provider value={value}>
      {children}
      {opened ? (
        <Suspense fallback={null}>
          <FeedbackDialog request={request} onClose={close} />
        </Suspense>
      ) : null}
    </FeedbackContext.Provider>
  );
}

export function useFeedback(): FeedbackValue {
  const value = useContext(FeedbackContext);
  if (!value) throw new Error('useFeedback needs a FeedbackProvider above it');
  return value;
}
