import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { LoginPanel } from '@/features/auth/components/login-panel';
import {
  messageFromOidcError,
  messageFromState,
  resetPasswordHandOff,
} from '@/features/auth/utils/login-page';

export function LoginRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const handOff = resetPasswordHandOff(location.search, paths.resetPassword);
  // Read once: the state is cleared right after so a reload or Back does not show it again.
  const [initialMessage] = useState(
    () => messageFromState(location.state) ?? messageFromOidcError(location.search),
  );
  // Google/Apple come back with a one-time code; it leaves the address bar at once.
  const [socialResult] = useState(() => new URLSearchParams(location.search).get('oidc_result'));

  useEffect(() => {
    const search = new URLSearchParams(location.search);
    if (!search.has('oidc_result') && !search.has('oidc_error')) return;
    search.delete('oidc_result');
    search.delete('oidc_error');
    const rest = search.toString();
    void navigate(
      { pathname: location.pathname, search: rest ? `?${rest}` : '' },
      { replace: true },
    );
  }, [location.pathname, location.search, navigate]);

  useEffect(() => {
    if (handOff || !messageFromState(location.state)) return;
    void navigate(
      { pathname: location.pathname, search: location.search },
      { replace: true, state: null },
    );
  }, [handOff, location, navigate]);

  if (handOff) return <Navigate to={handOff} replace />;

  function onSignedIn() {
    void navigate(paths.dashboard, { replace: true });
  }

  return (
    <AuthLayout
      footer={
        <>
          <p>
            Don&apos;t have an account? <Link to={paths.signup}>Sign up</Link>
          </p>
          <p className="auth-layout__legal">
            By signing in you agree to our <Link to={paths.terms}>Terms of Service</Link> and{' '}
            <Link to={paths.privacy}>Privacy Policy</Link>.
          </p>
        </>
      }
    >
      <LoginPanel
        initialMessage={initialMessage}
        socialResult={socialResult}
        onSignedIn={onSignedIn}
        onGoToDashboard={() => void navigate(paths.dashboard)}
      />
    </AuthLayout>
  );
}
