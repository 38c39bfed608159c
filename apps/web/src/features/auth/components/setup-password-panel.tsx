import { useState, type FormEvent } from 'react';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { useSetupPassword } from '@/features/auth/api/setup-password';
import { errorCode, PASSWORDS_DIFFER_MESSAGE } from '@/features/auth/utils/password-reset';
import { NewPasswordFields } from './new-password-fields';

export const SETUP_MIN_LENGTH = 8;
const INVALID_LINK = 'Invalid setup link. Please check your email for the correct link.';

type SetupPasswordPanelProps = {
  search: string;
  onSignedIn: () => void;
  onGoToLogin: () => void;
};

/** Spec '/setup-password': password and confirmation; success signs in and goes on. */
export function SetupPasswordPanel({ search, onSignedIn, onGoToLogin }: SetupPasswordPanelProps) {
  const params = new URLSearchParams(search);
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<string | null>(token && email ? null : INVALID_LINK);
  const setup = useSetupPassword();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!token) return setError('Setup token is missing');
    if ([...password].length < SETUP_MIN_LENGTH) {
      return setError('Password must be at least 8 characters long');
    }
    if (password !== confirmation) return setError(PASSWORDS_DIFFER_MESSAGE);
    setError(null);
    setup.mutate(
      { token, password },
      {
        onSuccess: () => onSignedIn(),
        onError: (failure) => {
          if (errorCode(failure) === 'INVALID_TOKEN') setInvalid(failure.message);
          else setError(failure.message || 'Failed to set password');
        },
      },
    );
  }

  if (invalid) {
    return (
      <section className="stack" aria-labelledby="setup-invalid-title">
        <h1 id="setup-invalid-title" className="auth-card__title">
          Invalid Setup Link
        </h1>
        <Banner tone="error">{invalid}</Banner>
        <Button variant="primary" block onClick={onGoToLogin}>
          Go to Login
        </Button>
      </section>
    );
  }

  return (
    <section aria-labelledby="setup-title">
      <h1 id="setup-title" className="auth-card__title">
        Set Your Password
      </h1>
      <p className="auth-card__lead">
        Choose a password for <strong>{email}</strong> to finish setting up your account.
      </p>
      <form className="form" onSubmit={submit} noValidate>
        {error ? <Banner tone="error">{error}</Banner> : null}
        <NewPasswordFields
          labels={{ password: 'Password', confirmation: 'Confirm password' }}
          password={password}
          confirmation={confirmation}
          onPassword={setPassword}
          onConfirmation={setConfirmation}
          disabled={setup.isPending}
          hint="At least 8 characters."
        />
        <Button type="submit" variant="primary" block loading={setup.isPending}>
          Set Password
        </Button>
      </form>
    </section>
  );
}
