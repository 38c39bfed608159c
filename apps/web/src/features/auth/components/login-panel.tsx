import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { MailIcon } from '@/components/ui/icons';
import { useLogin } from '@/features/auth/api/login';
import { useLogout } from '@/features/auth/api/logout';
import { getSocialResult } from '@/features/auth/api/social-result';
import { startSocialSignIn, type SocialProvider } from '@/features/auth/api/start-social-sign-in';
import { getSession, saveSession } from '@/lib/session-store';
import type { ProductUser } from '@/types/api';
import { useSession } from '@/features/auth/hooks/use-session';
import { messageTone } from '@/features/auth/utils/login-page';
import { AlreadySignedIn } from './already-signed-in';
import { EmailSignInForm } from './email-sign-in-form';
import { ForgotPasswordDialog } from './forgot-password-dialog';
import { SocialSignInButtons } from './social-sign-in-buttons';
import { SwitchAccountPrompt } from './switch-account-prompt';

type LoginPanelProps = {
  /** A message handed over by the previous page, shown until the next attempt. */
  initialMessage?: string | null;
  /** The one-time code Google/Apple sign-in came back with (`?oidc_result=`). */
  socialResult?: string | null;
  onSignedIn: () => void;
  onGoToDashboard: () => void;
};

/** The login card's content: sign-in options, email form, signed-in view. */
export function LoginPanel({
  initialMessage = null,
  socialResult = null,
  onSignedIn,
  onGoToDashboard,
}: LoginPanelProps) {
  const session = useSession();
  const queryClient = useQueryClient();
  const [social, setSocial] = useState<'idle' | 'redirecting' | 'completing'>(
    socialResult ? 'completing' : 'idle',
  );
  const completed = useRef(false);
  // A social sign-in for another account than the one signed in here, waiting for a yes.
  const [switchTo, setSwitchTo] = useState<{ token: string; user: ProductUser } | null>(null);
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
  // Every sign-in button waits while any sign-in runs: two at once would race for the session.
  const busy = loginMutation.isPending || social !== 'idle';

  // Back from Google or Apple: trade the one-time code for the session (once, even in StrictMode).
  useEffect(() => {
    if (!socialResult || completed.current) return;
    completed.current = true;
    getSocialResult(socialResult)
      .then((result) => {
        if (result.kind !== 'signin') throw new Error('Sign-in failed. Please try again.');
        const current = getSession().user;
        if (current && current.id !== result.user.id) {
          setSwitchTo({ token: result.token, user: result.user });
          return;
        }
        queryClient.clear();
        saveSession({ token: result.token, user: result.user });
        onSignedIn();
      })
      .catch((error: unknown) => {
        setMessage(error instanceof Error ? error.message : 'Sign-in failed. Please try again.');
        setSocial('idle');
      });
  }, [socialResult, queryClient, onSignedIn]);

  function startSocial(provider: SocialProvider) {
    setMessage(null);
    setSocial('redirecting');
    startSocialSignIn(provider)
      .then((url) => window.location.assign(url))
      .catch((error: unknown) => {
        setMessage(error instanceof Error ? error.message : 'Sign-in failed. Please try again.');
        setSocial('idle');
      });
  }

  if (switchTo && session.user) {
    return (
      <SwitchAccountPrompt
        currentEmail={session.user.email}
        nextEmail={switchTo.user.email}
        onSwitch={() => {
          queryClient.clear();
          saveSession(switchTo);
          onSignedIn();
        }}
        onStay={() => {
          // The other account's token is dropped unused; this browser keeps its session.
          setSwitchTo(null);
          onGoToDashboard();
        }}
      />
    );
  }

  // Only a visit that was signed in already lands here: a fresh sign-in navigates away.
  if (session.isAuthenticated && session.user && !loginMutation.isSuccess && social === 'idle') {
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
          <SocialSignInButtons disabled={busy} onStart={startSocial} />
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
            disabled={busy}
          >
            Forgot your password?
          </button>
        </div>
      )}

      <ForgotPasswordDialog open={forgotOpen} onClose={() => setForgotOpen(false)} />
    </section>
  );
}
