import { Navigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth/hooks/use-session';

/** App set `/`: the dashboard when signed in, otherwise the login page. */
export function RootRedirectRoute() {
  const { isAuthenticated } = useSession();
  return <Navigate to={isAuthenticated ? paths.dashboard : paths.login} replace />;
}
