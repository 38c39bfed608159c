import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Banner } from '@/components/ui/banner';
import { buttonClassName } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { ProductUser } from '@/types/api';

const DISMISSED_KEY = 'snaptrack.emailForwardingBanner.dismissed';

function wasDismissed(): boolean {
  try {
    return window.localStorage.getItem(DISMISSED_KEY) === 'true';
  } catch {
    return false;
  }
}

type EmailForwardingBannerProps = {
  /** Undefined while the profile loads: the banner waits rather than flash. */
  user: ProductUser | null | undefined;
  onOpenSettings: () => void;
};

/**
 * 'Set Up Email Forwarding': shown once the profile is loaded, when the account has no
 * receipt address yet and the user has not dismissed it (remembered in this browser).
 */
export function EmailForwardingBanner({ user, onOpenSettings }: EmailForwardingBannerProps) {
  const [dismissed, setDismissed] = useState(wasDismissed);
  if (!user || user.snaptrack_email || dismissed) return null;
  const dismiss = () => {
    try {
      window.localStorage.setItem(DISMISSED_KEY, 'true');
    } catch {
      // Private mode: dismissed for this visit only.
    }
    setDismissed(true);
  };
  return (
    <Banner
      tone="info"
      title="Set Up Email Forwarding"
      onDismiss={dismiss}
      dismissLabel="Dismiss email forwarding banner"
    >
      <p>Get a personal address and forward receipt emails to SnapTrack: they become expenses.</p>
      <div className="banner__actions">
        <Link to={paths.onboarding} className={buttonClassName('primary', 'sm')}>
          Set Up Now
        </Link>
        <button type="button" className={buttonClassName('ghost', 'sm')} onClick={onOpenSettings}>
          Open Settings
        </button>
      </div>
    </Banner>
  );
}
