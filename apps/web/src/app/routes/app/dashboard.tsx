import { useNavigate } from 'react-router-dom';
import { SectionErrorBoundary } from '@/components/errors/section-error-boundary';
import { AppHeader } from '@/components/layouts/app-header';
import { paths } from '@/config/paths';
import { useProfile } from '@/features/auth/api/get-profile';
import { useLogout } from '@/features/auth/api/logout';
import { useSession } from '@/features/auth/hooks/use-session';
import { avatarInitial, displayName } from '@/features/auth/utils/user-display';

/**
 * /dashboard (protected). The composition point of the signed-in home: header now; summary
 * cards, upload panel and expense list join as their features land, each in its own
 * SectionErrorBoundary.
 */
export function DashboardRoute() {
  const navigate = useNavigate();
  const session = useSession();
  // Already cached by the protected route, so this renders without a second request.
  const profile = useProfile();
  const user = profile.data?.profile ?? session.user;
  const logout = useLogout({
    mutationConfig: { onSettled: () => void navigate(paths.login, { replace: true }) },
  });

  return (
    <div className="app-shell">
      <AppHeader
        displayName={displayName(user)}
        initial={avatarInitial(user)}
        avatarUrl={user?.avatar_url}
        onSignOut={() => logout.mutate()}
        signingOut={logout.isPending}
      />
      <main className="container dashboard" id="main">
        <h1 className="dashboard__title">Dashboard</h1>
        <SectionErrorBoundary name="account">
          <section className="card welcome-card" aria-label="Account">
            <p className="welcome-card__greeting">Welcome, {displayName(user)}</p>
            <p className="welcome-card__email">Signed in as {user?.email}</p>
            {user?.snaptrack_email ? (
              <p className="welcome-card__receipt">
                Forward receipts to <strong>{user.snaptrack_email}</strong>
              </p>
            ) : null}
          </section>
        </SectionErrorBoundary>
      </main>
    </div>
  );
}
