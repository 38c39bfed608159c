import { Link } from 'react-router-dom';
import { Logo } from '@/components/logo';
import { paths } from '@/config/paths';
import { VersionDisplay } from '@/features/app-version/components/version-display';
import { useFeedback } from '@/features/feedback/components/feedback-context';
import './app-footer.css';

/**
 * The app footer: brand, Privacy Policy and Terms of Service, 'Give
 * Feedback', the copyright line and the compact version display.
 */
export function AppFooter() {
  const { openFeedback } = useFeedback();
  return (
    <footer className="app-footer">
      <div className="container app-footer__inner">
        <Logo />
        <nav className="app-footer__links" aria-label="Footer">
          <Link to={paths.privacy}>Privacy Policy</Link>
          <Link to={paths.terms}>Terms of Service</Link>
          <button
            type="button"
            className="link-button"
            onClick={() =>
              openFeedback({ type: 'general_rating', context: 'Footer link - General feedback' })
            }
          >
            Give Feedback
          </button>
        </nav>
        <VersionDisplay compact />
        <p className="app-footer__copyright">© 2025 SnapTrack. All rights reserved.</p>
      </div>
    </footer>
  );
}
