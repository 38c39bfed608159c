import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Banner } from '@/components/ui/banner';
import { Button, buttonClassName } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { loginHref, resolveRouteSet } from '@/lib/route-set';
import { useVerifyPayment } from '../api/verify-payment';
import { appDeepLink } from '../utils/deep-link';

type Props = { search: string; onTryAgain: () => void; mobile?: boolean };

function failureText(error: unknown): string {
  if (!isApiError(error)) return 'Failed to verify payment. Please contact support.';
  return error.status >= 500
    ? 'Failed to verify payment. Please contact support.'
    : 'Payment verification failed';
}

/** '/signup/success' and '/signup/mobile-success': verify, then the next step. */
export function PaymentSuccess({ search, onTryAgain, mobile = false }: Props) {
  const sessionId = new URLSearchParams(search).get('session_id') ?? '';
  const verification = useVerifyPayment(sessionId);
  const [showManual, setShowManual] = useState(false);
  const data = verification.data?.data;
  const deepLink = mobile && data ? appDeepLink(data) : null;

  useEffect(() => {
    if (!deepLink) return;
    window.location.assign(deepLink);
    const timer = setTimeout(() => setShowManual(true), 3_000);
    return () => clearTimeout(timer);
  }, [deepLink]);

  if (!sessionId || verification.isError) {
    return (
      <section className="stack" aria-labelledby="payment-issue-title">
        <h1 id="payment-issue-title" className="auth-card__title">
          Payment Issue
        </h1>
        <Banner tone="error">
          {!sessionId ? 'Missing payment session information' : failureText(verification.error)}
        </Banner>
        <Button variant="primary" block onClick={onTryAgain}>
          Try Again
        </Button>
      </section>
    );
  }
  if (!data) {
    return (
      <section className="stack" aria-busy="true">
        <Spinner label="Verifying your payment…" />
        <p>Verifying your payment…</p>
      </section>
    );
  }
  return (
    <section className="stack" aria-labelledby="payment-success-title">
      <h1 id="payment-success-title" className="auth-card__title">
        Payment Successful!
      </h1>
      {mobile ? (
        <>
          {data.sign_in_required ? (
            <p>
              <strong>{data.user.email}</strong> already has a SnapTrack account. Sign in to finish:
              open the SnapTrack app and sign in, and your subscription is added to your account.
            </p>
          ) : null}
          <p>Returning you to the SnapTrack app…</p>
          {showManual && deepLink ? (
            <a className="btn btn--primary btn--size-default" href={deepLink}>
              Open SnapTrack App
            </a>
          ) : null}
        </>
      ) : data.sign_in_required ? (
        <>
          <p>
            <strong>{data.user.email}</strong> already has a SnapTrack account. Sign in to finish:
            your subscription is added to your account when you sign in.
          </p>
          {/* A full navigation: the marketing route set has no /login of its own. */}
          <a
            href={loginHref(resolveRouteSet(), env.appOrigin)}
            className={buttonClassName('primary', 'default', 'btn--block')}
          >
            Sign In
          </a>
        </>
      ) : (
        <>
          <p>
            We sent an email to <strong>{data.user.email}</strong> with a link to set your password.
            Open it to finish setting up your account.
          </p>
          <p className="auth-card__lead">Already set your password?</p>
          <Link to={paths.login} className={buttonClassName('outline', 'default', 'btn--block')}>
            Sign In
          </Link>
        </>
      )}
    </section>
  );
}

/** '/signup/cancelled' and '/signup/mobile-cancelled'. */
export function PaymentCancelled({
  path,
  onTryAgain,
  onHome,
}: {
  path: string;
  onTryAgain: () => void;
  onHome: () => void;
}) {
  const mobile = path.includes('mobile');
  return (
    <section className="stack" aria-labelledby="payment-cancelled-title">
      <h1 id="payment-cancelled-title" className="auth-card__title">
        Payment Cancelled
      </h1>
      <p>Payment Cancelled, no charges made.</p>
      <Button variant="primary" block onClick={onTryAgain}>
        Try Again
      </Button>
      {mobile ? (
        <p className="auth-card__lead">You can close this tab and return to the app.</p>
      ) : (
        <Button variant="outline" block onClick={onHome}>
          Back to Home
        </Button>
      )}
    </section>
  );
}
