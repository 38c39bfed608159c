import { useState } from 'react';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { MailIcon } from '@/components/ui/icons';
import { useLogin } from '@/features/auth/api/login';
import { useLogout } from '@/features/auth/api/logout';
import { useSession } from '@/features/auth/hooks/use-session';
import { messageTone } from '@/features/auth/utils/login-page';
import { AlreadySignedIn } from './already-signed-in';
import { EmailSignInForm } from './email-sign-in-form';
import { ForgotPasswordDialog } from './forgot-password-dialog';
import { SocialSignInButtons } from './social-sign-in-buttons';

type LoginPanelProps = {
  /** A message handed over by the previous page, shown until the next attempt. */
  initialMessage?: string | null;
  onSignedIn: () => void;
  onGoToDashboard: () => void;
};

/** The login card's content (spec 'Login page'): sign-in options, email form, signed-in view. */
export function LoginPanel({
  initialMessage = null,
  onSignedIn,
  onGoToDashboard,
}: LoginPanelProps) {
  const session = useSession();
  const [showEmailForm, setShowEmailForm] = useState(false);
  const [message, setMessage] = useState<string | null>(initialMessage);
  const [forgotOpen, setForgotOpen] = useState(false);
  const loginMutation = useLogin({
    mutationConfig: {
      onSuccess: () => onSignedIn(),
      onError: (error) => setMessage(error.message),
    },
  });
  const logoutMutation = useLogout({
    mutationConfig: { onSettled: () => setShowEmailForm(false) },
  });
  const busy = loginMutation.isPending;

  // Only a visit that was signed in already lands here: a fresh sign-in navigates away.
  if (session.isAuthenticated && session.user && !loginMutation.isSuccess) {
    return (
      <AlreadySignedIn
        email={session.user.email}
        onGoToDashboard={onGoToDashboard}
        onSignOut={() => logoutMutation.mutate()}
        signingOut={logoutMutation.isPending}
      />
    );
  }

  return (
    <section aria-labelledby="login-title">
      <h1 id="login-title" className="auth-card__title">
        Welcome back
      </h1>
      <p className="auth-card__lead">Sign in to keep your receipts in order.</p>

      {message ? (
        <Banner
          tone={messageTone(message)}
          onDismiss={() => setMessage(null)}
          className="auth-card__banner"
        >
          {message}
        </Banner>
      ) : null}

      {showEmailForm ? (
        <EmailSignInForm
          busy={busy}
          onSubmit={(credentials) => {
            setMessage(null);
            loginMutation.mutate(credentials);
          }}
          onCancel={() => {
            setShowEmailForm(false);
            setMessage(null);
          }}
          onForgotPassword={() => setForgotOpen(true)}
          onInvalid={setMessage}
        />
      ) : (
        <div className="stack">
          <SocialSignInButtons disabled={busy} />
          <Button
            variant="primary"
            size="lg"
            block
            icon={<MailIcon />}
            onClick={() => setShowEmailForm(true)}
            disabled={busy}
          >
            Continue with Email
          </Button>
          <button
            type="button"
            className="link-button auth-card__forgot"
            onClick={() => setForgotOpen(true)}
          >
            Forgot your password?
          </button>
        </div>
      )}

      <ForgotPasswordDialog open={forgotOpen} onClose={() => setForgotOpen(false)} />
    </section>
  );
}
