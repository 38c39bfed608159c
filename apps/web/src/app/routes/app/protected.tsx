import { Outlet } from 'react-router-dom';
import { ProtectedRoute } from '@/features/auth/components/protected-route';

/** Layout route: every child needs a signed-in user with an active subscription. */
export function ProtectedLayoutRoute() {
  return (
    <ProtectedRoute>
      <Outlet />
    </ProtectedRoute>
  );
}
