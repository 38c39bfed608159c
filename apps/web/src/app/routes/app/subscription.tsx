import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { SubscriptionPanel } from '@/features/billing/components/subscription-panel';

/** /subscription (protected). */
export function SubscriptionRoute() {
  const navigate = useNavigate();
  return (
    <main className="container dashboard" id="main">
      <SubscriptionPanel onBack={() => void navigate(paths.dashboard)} />
    </main>
  );
}
