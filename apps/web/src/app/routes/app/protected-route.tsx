import { useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { FullPageSpinner } from '@/components/ui/spinner';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { useProfile } from '@/features/auth/api/get-profile';
import { useSession } from '@/features/auth/hooks/use-session';
import { useClaimBeforeSignup } from '@/features/billing/hooks/use-claim-before-signup';
import { decideAccess, RECHECK_INTERVAL_MS } from '@/features/auth/utils/access';
import { loginHref, resolveRouteSet } from '@/lib/route-set';
import { updateStoredUser } from '@/lib/session-store';

/** The marketing set has no /login: hand over to the app set with a full navigation. */
function RedirectToLogin() {
  const routeSet = resolveRouteSet();
  useEffect(() => {
    if (routeSet !== 'app') window.location.replace(loginHref(routeSet, env.appOrigin));
  }, [routeSet]);
  return routeSet === 'app' ? <Navigate to={paths.login} replace /> : <FullPageSpinner />;
}

/**
 * Lives in `app/` because it composes two features: auth (session, profile, the access rule)
 * and billing (claiming a payment held for the address before sending the user to /signup).
 *
 * Spec 'Protected route rule': not signed in → /login; signed in without an active subscription
 * → /signup; a spinner while checking. A brand-new account (< 10 s) is checked again every 2 s
 * first, also after a failed check. A failed check for an established account falls back to the
 * stored user's flag, so a network blip does not send a paying user to /signup.
 */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const session = useSession();
  const profile = useProfile({ queryConfig: { enabled: session.isAuthenticated, retry: false } });
  const [now, setNow] = useState(() => Date.now());
  const { refetch } = profile;

  const user = profile.data?.profile ?? session.user;
  const access = {
    hasToken: session.isAuthenticated,
    check: profile.isPending ? 'pending' : profile.isError ? 'error' : 'success',
    hasSubscription: user?.has_active_subscription === true,
    createdAt: user?.created_at,
    now,
  } as const;
  // A payment held for this address is claimed first; once claimed, it is waited for like a
  // brand-new account's.
  const claim = useClaimBeforeSignup(decideAccess(access) === 'signup');
  const decision = decideAccess(
    claim.claimedAt ? { ...access, createdAt: claim.claimedAt } : access,
  );

  // Keep the stored user fresh for the header and the next visit.
  useEffect(() => {
    if (profile.data?.profile) updateStoredUser(profile.data.profile);
  }, [profile.data]);

  useEffect(() => {
    if (decision !== 'recheck') return;
    const timer = window.setTimeout(() => {
      setNow(Date.now());
      void refetch();
    }, RECHECK_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [decision, now, refetch]);

  // The page behind the check (the whole dashboard) is first drawn as a background render that
  // React slices and interrupts, not in the one long task that the profile's arrival would make;
  // the spinner stays until it is ready. Leaving (login, signup) is never deferred.
  const deferred = useDeferredValue(decision, 'checking');
  const shown = decision === 'allow' ? deferred : decision;

  switch (shown) {
    case 'login':
      return <RedirectToLogin />;
    case 'signup':
      return claim.pending ? <FullPageSpinner /> : <Navigate to={paths.signup} replace />;
    case 'checking':
    case 'recheck':
      return <FullPageSpinner />;
    case 'allow':
      return children;
  }
}
