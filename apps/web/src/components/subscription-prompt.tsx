import { Link } from 'react-router-dom';
import { Banner } from '@/components/ui/banner';
import { paths } from '@/config/paths';

/**
 * The server's 402 SUBSCRIPTION_REQUIRED, shown where the user is (a signed-in
 * user without a subscription to /signup; here a link, so nothing on the page is lost).
 */
export function SubscriptionPrompt({ message }: { message: string }) {
  return (
    <Banner tone="warning" title="Subscription required">
      {message}{' '}
      <Link to={paths.signup} data-testid="subscription-prompt-link">
        Subscribe to SnapTrack Pro
      </Link>
    </Banner>
  );
}
