import { useId, useState, type FormEvent } from 'react';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/form/text-field';
import { useRequestPasswordReset } from '@/features/auth/api/request-password-reset';
import {
  INVALID_EMAIL_MESSAGE,
  isEmailLike,
  RESET_SENT_MESSAGE,
  resetRequestError,
} from '@/features/auth/utils/password-reset';

type ForgotPasswordDialogProps = { open: boolean; onClose: () => void };

/**
 * Spec 'Forgot-password dialog': entering email → sending → an error or 'Check Your Email'.
 * Closing resets everything (the form lives only while the dialog is open).
 */
export function ForgotPasswordDialog({ open, onClose }: ForgotPasswordDialogProps) {
  return open ? <ForgotPasswordForm onClose={onClose} /> : null;
}

function ForgotPasswordForm({ onClose }: { onClose: () => void }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const request = useRequestPasswordReset();
  const sending = request.isPending;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim().toLowerCase();
    if (!isEmailLike(address)) {
      setError(INVALID_EMAIL_MESSAGE);
      return;
    }
    setError(null);
    request.mutate(address, { onError: (failure) => setError(resetRequestError(failure)) });
  }

  if (request.isSuccess) {
    return (
      <Dialog
        open
        onClose={onClose}
        title="Check Your Email"
        size="sm"
        footer={
          <Button variant="primary" onClick={onClose} data-autofocus>
            Done
          </Button>
        }
      >
        <p>{request.data.message || RESET_SENT_MESSAGE}</p>
        <p className="muted">The link works once, within one hour.</p>
      </Dialog>
    );
  }

  return (
    <Dialog open onClose={onClose} title="Reset Your Password" size="sm" dismissible={!sending}>
      <form className="form" onSubmit={submit} noValidate>
        <p className="dialog__description">
          Enter the email address of your account and we will send you a link to choose a new
          password.
        </p>
        {error ? <Banner tone="error">{error}</Banner> : null}
        <TextField
          id={`${id}-email`}
          label="Email address"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          disabled={sending}
          data-autofocus
        />
        <div className="form__actions">
          <Button variant="outline" onClick={onClose} disabled={sending}>
            Back to Login
          </Button>
          <Button type="submit" variant="primary" loading={sending} disabled={!email.trim()}>
            Send Reset Link
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
