import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { AppHeader } from '@/components/layouts/app-header';
import { paths } from '@/config/paths';
import { useProfile } from '@/features/auth/api/get-profile';
import { useLogout } from '@/features/auth/api/logout';
import { useSession } from '@/features/auth/hooks/use-session';
import { avatarInitial, displayName } from '@/features/auth/utils/user-display';
import { ReviewLink } from '@/features/expenses/components/review-link';
import type { ProductUser } from '@/types/api';

/** The signed-in user: the fresh profile, else the one stored with the session. */
export function useSignedInUser(): ProductUser | null {
  const session = useSession();
  // Already cached by the protected route, so this renders without a second request.
  const profile = useProfile();
  return profile.data?.profile ?? session.user;
}

/**
 * The app header wired to the session: name, avatar, To review with its count, the route's
 * extra actions, Sign Out (then /login).
 */
export function SignedInHeader({ actions }: { actions?: ReactNode }) {
  const navigate = useNavigate();
  const user = useSignedInUser();
  const logout = useLogout({
    mutationConfig: { onSettled: () => void navigate(paths.login, { replace: true }) },
  });
  return (
    <AppHeader
      displayName={displayName(user)}
      initial={avatarInitial(user)}
      avatarUrl={user?.avatar_url}
      onSignOut={() => logout.mutate()}
      signingOut={logout.isPending}
      actions={
        <>
          <ReviewLink />
          {actions}
        </>
      }
    />
  );
}
