import { Link } from 'react-router-dom';
import { SectionErrorBoundary } from '@/components/errors/section-error-boundary';
import { paths } from '@/config/paths';
import { StatisticsView } from '@/features/statistics/components/statistics-view';
import { SignedInHeader } from './signed-in-header';
import './dashboard.css';

/** /statistics (protected): back to the dashboard, then the statistics of a period. */
export function StatisticsRoute() {
  return (
    <div className="app-shell">
      <SignedInHeader />
      <main className="container dashboard" id="main">
        <Link to={paths.dashboard} className="back-link">
          ← Back to Dashboard
        </Link>
        <h1 className="dashboard__title">Statistics</h1>
        <SectionErrorBoundary name="statistics">
          <StatisticsView />
        </SectionErrorBoundary>
      </main>
    </div>
  );
}
