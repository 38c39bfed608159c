import { Link } from 'react-router-dom';
import { SectionErrorBoundary } from '@/components/errors/section-error-boundary';
import { paths } from '@/config/paths';
import { ReviewQueue } from '@/features/expenses/components/review-queue';
import { SignedInHeader } from './signed-in-header';
import './dashboard.css';

/** /review (protected): the receipts that need a human, one at a time. */
export function ReviewRoute() {
  return (
    <div className="app-shell">
      <SignedInHeader />
      <main className="container dashboard" id="main">
        <Link to={paths.dashboard} className="back-link">
          ← Back to Dashboard
        </Link>
        <h1 className="dashboard__title">To review</h1>
        <p className="review__hint">
          Check what was read from each receipt. Press <kbd>?</kbd> for the keyboard shortcuts.
        </p>
        <SectionErrorBoundary name="review queue">
          <ReviewQueue />
        </SectionErrorBoundary>
      </main>
    </div>
  );
}
