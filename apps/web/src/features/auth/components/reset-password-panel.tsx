import { useEffect, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useConfirmPasswordReset } from '@/features/auth/api/confirm-password-reset';
import { verifyResetCode } from '@/features/auth/api/verify-reset-code';
import {
  confirmError,
  RESET_DONE_MESSAGE,
  resetFormProblem,
  verifyError,
} from '@/features/auth/utils/password-reset';
import { NewPasswordFields } from './new-password-fields';

export const RESET_REDIRECT_MS = 3_000;

type ResetPasswordPanelProps = {
  /** The link's query string (mode=resetPassword&oobCode=…). */
  search: string;
  /** After success (3 s) or from the error view: to /login, with a message when done. */
  onDone: (message?: string) => void;
};

/** Spec 'Reset-password page': verify the code → the form → success → /login after 3 s. */
export function ResetPasswordPanel({ search, onDone }: ResetPasswordPanelProps) {
  const params = new URLSearchParams(search);
  const oobCode = params.get('oobCode') ?? '';
  const valid = params.get('mode') === 'resetPassword' && oobCode !== '';
  const verify = useQuery({
    queryKey: ['auth', 'reset-code', oobCode],
    queryFn: () => verifyResetCode(oobCode),
    enabled: valid,
    retry: false,
    staleTime: Infinity,
  });

  if (!valid) return <ResetProblem message="Invalid password reset link" onDone={onDone} />;
  if (verify.isPending) {
    return (
      <div className="stack">
        <Spinner label="Verifying your reset link…" showLabel />
      </div>
    );
  }
  if (verify.isError) return <ResetProblem message={verifyError(verify.error)} onDone={onDone} />;
  return <ResetForm oobCode={oobCode} email={verify.data.email} onDone={onDone} />;
}

function ResetProblem({ message, onDone }: { message: string; onDone: () => void }) {
  return (
    <section className="stack" aria-labelledby="reset-problem-title">
      <h1 id="reset-problem-title" className="auth-card__title">
        Reset Your Password
      </h1>
      <Banner tone="error">{message}</Banner>
      <Button variant="primary" block onClick={() => onDone()}>
        Back to Login
      </Button>
    </section>
  );
}

function ResetForm({
  oobCode,
  email,
  onDone,
}: {
  oobCode: string;
  email: string;
  onDone: (message?: string) => void;
}) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirm = useConfirmPasswordReset();

  useEffect(() => {
    if (!confirm.isSuccess) return;
    const timer = window.setTimeout(() => onDone(RESET_DONE_MESSAGE), RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [confirm.isSuccess, onDone]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = resetFormProblem(password, confirmation);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    confirm.mutate(
      { oobCode, password },
      { onError: (failure) => setError(confirmError(failure)) },
    );
  }

  if (confirm.isSuccess) {
    return (
      <section className="stack" aria-labelledby="reset-done-title">
        <h1 id="reset-done-title" className="auth-card__title">
          Password Reset Successful
        </h1>
        <Banner tone="success">{RESET_DONE_MESSAGE}</Banner>
        <p className="auth-card__lead">Taking you to the sign-in page…</p>
      </section>
    );
  }

  return (
    <section aria-labelledby="reset-title">
      <h1 id="reset-title" className="auth-card__title">
        Reset Your Password
      </h1>
      <p className="auth-card__lead">
        Choose a new password for <strong>{email}</strong>.
      </p>
      <form className="form" onSubmit={submit} noValidate>
        {error ? <Banner tone="error">{error}</Banner> : null}
        <NewPasswordFields
          labels={{ password: 'New password', confirmation: 'Confirm new password' }}
          password={password}
          confirmation={confirmation}
          onPassword={setPassword}
          onConfirmation={setConfirmation}
          disabled={confirm.isPending}
        />
        <Button type="submit" variant="primary" block loading={confirm.isPending}>
          Reset Password
        </Button>
      </form>
    </section>
  );
}
