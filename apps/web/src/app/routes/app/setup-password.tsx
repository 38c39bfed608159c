import { useLocation } from 'react-router-dom';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { SetupPasswordPanel } from '@/features/auth/components/setup-password-panel';
import { useGoToApp } from './use-go-to-app';

/** /setup-password?token&email: the link mailed after a paid checkout. */
export function SetupPasswordRoute() {
  const location = useLocation();
  const goToApp = useGoToApp();
  return (
    <AuthLayout>
      <SetupPasswordPanel
        search={location.search}
        onSignedIn={() => goToApp(paths.onboarding)}
        onGoToLogin={() => goToApp(paths.login)}
      />
    </AuthLayout>
  );
}
