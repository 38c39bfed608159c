import { useId, useState, type FormEvent } from 'react';
import { Field } from '@/components/form/field';
import { TextField } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import { MISSING_CREDENTIALS_MESSAGE } from '@/features/auth/utils/login-page';
import { PasswordInput } from './password-input';

type EmailSignInFormProps = {
  busy: boolean;
  onSubmit: (credentials: { email: string; password: string }) => void;
  onCancel: () => void;
  onForgotPassword: () => void;
  /** A client-side validation message goes to the page's banner. */
  onInvalid: (message: string) => void;
};

export function EmailSignInForm({
  busy,
  onSubmit,
  onCancel,
  onForgotPassword,
  onInvalid,
}: EmailSignInFormProps) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = email.trim();
    if (!trimmed || !password) {
      onInvalid(MISSING_CREDENTIALS_MESSAGE);
      return;
    }
    onSubmit({ email: trimmed, password });
  }

  return (
    <form className="form" onSubmit={handleSubmit} noValidate>
      <TextField
        id={`${id}-email`}
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        disabled={busy}
        autoFocus
      />
      <Field
        id={`${id}-password`}
        label="Password"
        labelAside={
          <button type="button" className="link-button" onClick={onForgotPassword} disabled={busy}>
            Forgot password?
          </button>
        }
        control={
          <PasswordInput
            id={`${id}-password`}
            name="password"
            autoComplete="current-password"
            placeholder="Your password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            disabled={busy}
          />
        }
      />
      <div className="form__actions">
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" loading={busy}>
          Sign In
        </Button>
      </div>
    </form>
  );
}
