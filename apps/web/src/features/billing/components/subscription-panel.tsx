import { useState } from 'react';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useOpenPortal } from '../api/portal';
import { useSubscriptionStatus, type SubscriptionStatus } from '../api/subscription-status';

const LABELS: Record<string, string> = {
  active: 'Active',
  past_due: 'Past Due',
  canceled: 'Canceled',
};

/** Spec colours: active green, past_due yellow, canceled red, anything else gray. */
export function statusBadge(status: SubscriptionStatus | undefined) {
  const label = (status && LABELS[status]) ?? 'No Subscription';
  const tone =
    status === 'active'
      ? 'green'
      : status === 'past_due'
        ? 'yellow'
        : status === 'canceled'
          ? 'red'
          : 'gray';
  return { label, tone };
}

const FEATURES = [
  'Unlimited receipts, entities, categories and tags',
  'OCR that reads vendor, amount and date',
  'Email forwarding to your personal receipt address',
  'CSV, QuickBooks and PDF exports',
  'Statistics and spending summaries',
];

function longDate(value: string | null): string {
  return value
    ? new Date(value).toLocaleDateString('en-US', {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
      })
    : '—';
}

/** '/subscription': status, plan, next billing date, cancellation notice, Manage Billing. */
export function SubscriptionPanel({ onBack }: { onBack: () => void }) {
  const status = useSubscriptionStatus();
  const portal = useOpenPortal();
  const [portalError, setPortalError] = useState<string | null>(null);

  function manageBilling() {
    setPortalError(null);
    portal.mutate(undefined, {
      onSuccess: (response) => {
        if (response.data.portal_url) window.location.assign(response.data.portal_url);
        else setPortalError('Unable to access billing portal. Please try again.');
      },
      onError: () => setPortalError('Failed to open billing portal'),
    });
  }

  if (status.isPending) return <Spinner label="Loading subscription…" showLabel />;
  const data = status.data?.data;
  const badge = statusBadge(data?.status);
  return (
    <section className="stack" aria-labelledby="subscription-title">
      <Button variant="ghost" onClick={onBack}>
        ← Back to Dashboard
      </Button>
      <h1 id="subscription-title">Subscription</h1>
      {status.isError ? (
        <Banner tone="error">Failed to load subscription information</Banner>
      ) : null}
      {portalError ? <Banner tone="error">{portalError}</Banner> : null}
      <div className="card stack subscription-card">
        <p>
          <span
            className={`subscription-badge subscription-badge--${badge.tone}`}
            data-testid="subscription-status"
          >
            {badge.label}
          </span>
        </p>
        <h2>{data?.plan ?? 'SnapTrack Pro'}</h2>
        <p className="subscription-price">$4.99/month</p>
        {data?.current_period_end && !data.cancel_at ? (
          <p>
            Next billing date: <strong>{longDate(data.current_period_end)}</strong>
          </p>
        ) : null}
        {data?.cancel_at ? (
          <Banner tone="warning" title="Cancellation scheduled">
            Your subscription is cancelled. You keep access until {longDate(data.cancel_at)}.
          </Banner>
        ) : null}
        <h3>Included features</h3>
        <ul>
          {FEATURES.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
        {data && data.status !== 'none' ? (
          <Button variant="primary" onClick={manageBilling} disabled={portal.isPending}>
            Manage Billing
          </Button>
        ) : null}
      </div>
    </section>
  );
}
