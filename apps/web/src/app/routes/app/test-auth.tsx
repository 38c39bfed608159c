import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { buttonClassName } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useProfile } from '@/features/auth/api/get-profile';
import { decodeTokenClaims, timeLeft } from '@/features/auth/utils/decode-token';
import { getToken } from '@/lib/session-store';

/**
 * /test-auth (protected): a diagnostic of the session. The signed-in user, the stored token's
 * claims with the time it has left, and whether the gateway accepts it right now.
 */
export function TestAuthRoute() {
  const token = getToken();
  const claims = token ? decodeTokenClaims(token) : null;
  const profile = useProfile({ queryConfig: { retry: false } });
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(timer);
  }, []);

  const accepted = profile.isPending ? 'Checking…' : profile.isSuccess ? 'Yes' : 'No';
  return (
    <main className="container dashboard" id="main">
      <h1>Auth Diagnostics</h1>
      <section className="card" aria-labelledby="user-title">
        <h2 id="user-title">Signed-in user</h2>
        <dl className="diagnostics">
          <dt>Email</dt>
          <dd>{profile.data?.profile.email ?? '—'}</dd>
          <dt>Name</dt>
          <dd>{profile.data?.profile.full_name ?? '—'}</dd>
        </dl>
      </section>
      <section className="card" aria-labelledby="token-title">
        <h2 id="token-title">Stored token</h2>
        {claims ? (
          <dl className="diagnostics">
            <dt>user_id</dt>
            <dd>{claims.user_id ?? '—'}</dd>
            <dt>auth_version</dt>
            <dd>{claims.auth_version ?? '—'}</dd>
            <dt>exp</dt>
            <dd>{claims.exp ? new Date(claims.exp * 1000).toLocaleString() : '—'}</dd>
            <dt>Time left</dt>
            <dd>{claims.exp ? timeLeft(claims.exp, now) : '—'}</dd>
          </dl>
        ) : (
          <p>No readable token is stored.</p>
        )}
      </section>
      <section className="card" aria-labelledby="gateway-title">
        <h2 id="gateway-title">Gateway</h2>
        <p>
          Accepts the token: <strong data-testid="token-accepted">{accepted}</strong>
        </p>
      </section>
      <Link to={paths.dashboard} className={buttonClassName('outline', 'sm')}>
        Back to Dashboard
      </Link>
    </main>
  );
}
