import { useLocation } from 'react-router-dom';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { VerifyEmailPanel } from '@/features/account/components/verify-email-panel';
import { useGoToApp } from './use-go-to-app';

/** /verify-email?id&token: the link of the verification mail (public). */
export function VerifyEmailRoute() {
  const location = useLocation();
  const goToApp = useGoToApp();
  return (
    <AuthLayout>
      <VerifyEmailPanel search={location.search} onContinue={() => goToApp(paths.dashboard)} />
    </AuthLayout>
  );
}
