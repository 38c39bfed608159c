import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorBoundary } from './error-boundary';

type SectionErrorBoundaryProps = {
  /** Names the section in the message, e.g. 'expenses'. */
  name: string;
  children: ReactNode;
  /** Called before the section renders again, e.g. to reset its queries. */
  onReset?: () => void;
};

/**
 * Wrap each independent part of a page, so one failing panel leaves the rest usable
 * (bulletproof-react error-handling: boundaries per section, not only at the root).
 */
export function SectionErrorBoundary({ name, children, onReset }: SectionErrorBoundaryProps) {
  return (
    <ErrorBoundary
      fallback={({ reset }) => (
        <section className="section-error" role="alert" aria-label={`${name} failed to load`}>
          <p className="section-error__text">This section ({name}) could not be shown.</p>
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              onReset?.();
              reset();
            }}
          >
            Try Again
          </Button>
        </section>
      )}
    >
      {children}
    </ErrorBoundary>
  );
}
