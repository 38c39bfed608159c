import { useCallback } from 'react';
import { useLocation } from 'react-router-dom';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { ResetPasswordPanel } from '@/features/auth/components/reset-password-panel';
import { useGoToApp } from './use-go-to-app';

/** /reset-password?mode=resetPassword&oobCode=… (handed over by the login page). */
export function ResetPasswordRoute() {
  const location = useLocation();
  const goToApp = useGoToApp();
  const onDone = useCallback(
    (message?: string) => goToApp(paths.login, message ? { message } : undefined),
    [goToApp],
  );
  return (
    <AuthLayout>
      <ResetPasswordPanel search={location.search} onDone={onDone} />
    </AuthLayout>
  );
}
