import { useId, type ReactNode } from 'react';
import { PasswordInput } from './password-input';

type NewPasswordFieldsProps = {
  labels: { password: string; confirmation: string };
  password: string;
  confirmation: string;
  onPassword: (value: string) => void;
  onConfirmation: (value: string) => void;
  disabled: boolean;
  hint?: ReactNode;
};

/** A new password and its confirmation (reset-password and setup-password pages). */
export function NewPasswordFields({
  labels,
  password,
  confirmation,
  onPassword,
  onConfirmation,
  disabled,
  hint,
}: NewPasswordFieldsProps) {
  const id = useId();
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-password`} className="field__label">
          {labels.password}
        </label>
        <PasswordInput
          id={`${id}-password`}
          autoComplete="new-password"
          value={password}
          onChange={(event) => onPassword(event.target.value)}
          disabled={disabled}
        />
        {hint ? <p className="field__hint">{hint}</p> : null}
      </div>
      <div className="field">
        <label htmlFor={`${id}-confirm`} className="field__label">
          {labels.confirmation}
        </label>
        <PasswordInput
          id={`${id}-confirm`}
          autoComplete="new-password"
          value={confirmation}
          onChange={(event) => onConfirmation(event.target.value)}
          disabled={disabled}
        />
      </div>
    </>
  );
}
