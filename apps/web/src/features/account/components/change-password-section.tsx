import { useId, useState, type FormEvent } from 'react';
import { ChangePasswordMessages, ChangePasswordRules } from '@snaptrack/contracts/core';
import { TextField } from '@/components/form/text-field';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { useChangePassword } from '../api/change-password';

type PasswordDraft = { current: string; next: string; confirmation: string };
const EMPTY: PasswordDraft = { current: '', next: '', confirmation: '' };

/** What stops the form before it is sent, in the spec's words; null when it may go. */
export function changePasswordProblem(draft: PasswordDraft): string | null {
  if (!draft.current || !draft.next || !draft.confirmation) return ChangePasswordMessages.required;
  if ([...draft.next].length < ChangePasswordRules.minLength)
    return ChangePasswordMessages.tooShort;
  if (draft.next !== draft.confirmation) return ChangePasswordMessages.mismatch;
  return null;
}

/**
 * Account settings' Change password, for an account that has one: the current password, the
 * new one twice. Success keeps this device signed in and ends every other session.
 */
export function ChangePasswordSection() {
  const id = useId();
  const [draft, setDraft] = useState(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const change = useChangePassword({ onSuccess: () => setDraft(EMPTY) });
  const edit = (patch: Partial<PasswordDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setProblem(null);
    setDone(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = changePasswordProblem(draft);
    setProblem(found);
    if (found) return;
    change.mutate(
      { current_password: draft.current, new_password: draft.next },
      { onSuccess: () => setDone(true) },
    );
  };

  const serverProblem = change.isError
    ? isApiError(change.error) && change.error.status < 500
      ? change.error.message
      : 'Failed to change password. Please try again.'
    : null;
  const shown = problem ?? serverProblem;

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Change password</h2>
      <form className="stack" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
        {shown ? <Banner tone="error">{shown}</Banner> : null}
        {done ? <Banner tone="success">{ChangePasswordMessages.changed}</Banner> : null}
        <TextField
          id={`${id}-current`}
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={draft.current}
          onChange={(event) => edit({ current: event.target.value })}
        />
        <TextField
          id={`${id}-new`}
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${ChangePasswordRules.minLength} characters. Your other devices will be signed out.`}
          hintId={`${id}-new-hint`}
          aria-describedby={`${id}-new-hint`}
          value={draft.next}
          onChange={(event) => edit({ next: event.target.value })}
        />
        <TextField
          id={`${id}-confirm`}
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          value={draft.confirmation}
          onChange={(event) => edit({ confirmation: event.target.value })}
        />
        <div>
          <Button variant="primary" type="submit" loading={change.isPending}>
            Change password
          </Button>
        </div>
      </form>
    </section>
  );
}
