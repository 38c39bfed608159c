import { useId, type ReactNode } from 'react';
import { Field } from '@/components/form/field';
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
      <Field
        id={`${id}-password`}
        label={labels.password}
        hint={hint}
        control={
          <PasswordInput
            id={`${id}-password`}
            autoComplete="new-password"
            value={password}
            onChange={(event) => onPassword(event.target.value)}
            disabled={disabled}
          />
        }
      />
      <Field
        id={`${id}-confirm`}
        label={labels.confirmation}
        control={
          <PasswordInput
            id={`${id}-confirm`}
            autoComplete="new-password"
            value={confirmation}
            onChange={(event) => onConfirmation(event.target.value)}
            disabled={disabled}
          />
        }
      />
    </>
  );
}
