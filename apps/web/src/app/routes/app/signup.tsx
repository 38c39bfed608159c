import { useLocation, useNavigate } from 'react-router-dom';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { SignupForm } from '@/features/billing/components/signup-form';
import { PaymentCancelled, PaymentSuccess } from '@/features/billing/components/payment-result';

/** /signup: the email, then checkout. */
export function SignupRoute() {
  return (
    <AuthLayout>
      <SignupForm />
    </AuthLayout>
  );
}

/** /signup/success and /signup/mobile-success (?session_id=…). */
export function SignupSuccessRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <AuthLayout>
      <PaymentSuccess
        search={location.search}
        mobile={location.pathname === paths.signupMobileSuccess}
        onTryAgain={() => void navigate(paths.signup)}
      />
    </AuthLayout>
  );
}

/** /signup/cancelled and /signup/mobile-cancelled. */
export function SignupCancelledRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <AuthLayout>
      <PaymentCancelled
        path={location.pathname}
        onTryAgain={() => void navigate(paths.signup)}
        onHome={() => window.location.assign(paths.home)}
      />
    </AuthLayout>
  );
}
