import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { startAnalytics } from '../utils/analytics';
import { analyticsAllowed, needsConsent, readConsent, saveConsent } from '../utils/consent-store';
import '../cookie-consent.css';

/** The banner waits 1 second before it appears, so it does not cover the page as it loads. */
const BANNER_DELAY_MS = 1_000;

/**
 * The cookie consent banner at the bottom of every page: after 1 s when there is no record or
 * one of another version. Accept stores consent and starts analytics; Reject stores a refusal.
 */
export function CookieConsentBanner() {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const record = readConsent();
    if (analyticsAllowed(record)) startAnalytics();
    if (!needsConsent(record)) return;
    const timer = window.setTimeout(() => setVisible(true), BANNER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  if (!visible) return null;

  const answer = (accepted: boolean) => {
    saveConsent(accepted);
    if (accepted) startAnalytics();
    setVisible(false);
  };

  return (
    <section className="cookie-banner" aria-label="Cookie consent" aria-live="polite">
      <p className="cookie-banner__text">
        We use cookies and similar storage to keep you signed in. With your permission we also use
        analytics and error tracking to improve SnapTrack. See our{' '}
        <Link to={paths.privacy}>Privacy Policy</Link>.
      </p>
      <div className="cookie-banner__actions">
        <Button variant="outline" size="sm" onClick={() => answer(false)}>
          Reject
        </Button>
        <Button variant="primary" size="sm" onClick={() => answer(true)}>
          Accept
        </Button>
      </div>
    </section>
  );
}
