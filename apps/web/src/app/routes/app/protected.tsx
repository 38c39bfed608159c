import { Outlet } from 'react-router-dom';
import { ProtectedRoute } from './protected-route';
import { HelpButton } from '@/features/help/components/help-button';
import { AppFooter } from './app-footer';
import { HomeCurrencyDefault } from './home-currency-default';

/** Layout route: every child needs a signed-in user with an active subscription. */
export function ProtectedLayoutRoute() {
  return (
    <ProtectedRoute>
      <HomeCurrencyDefault />
      <Outlet />
      <AppFooter />
      <HelpButton />
    </ProtectedRoute>
  );
}
