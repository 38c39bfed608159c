import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { TextField } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import { useAssignUsername, type UsernameAssigned } from '@/features/account/api/assign-username';
import { checkUsername, type UsernameCheck } from '@/features/account/api/check-username';
import {
  canAssign,
  CHECK_DEBOUNCE_MS,
  cleanUsernameInput,
  shouldCheck,
} from '@/features/account/utils/username';

type Availability =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'done'; result: UsernameCheck }
  | { state: 'failed' };

/** Asks the server 500 ms after the last keystroke; a newer keystroke cancels the older check. */
function useAvailability(value: string, current: string | null | undefined): Availability {
  const [availability, setAvailability] = useState<Availability>({ state: 'idle' });
  useEffect(() => {
    if (!shouldCheck(value, current)) {
      setAvailability({ state: 'idle' });
      return;
    }
    setAvailability({ state: 'checking' });
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      checkUsername(value, controller.signal)
        .then((result) => setAvailability({ state: 'done', result }))
        .catch(() => {
          if (!controller.signal.aborted) setAvailability({ state: 'failed' });
        });
    }, CHECK_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [value, current]);
  return availability;
}

type UsernameFormProps = {
  current: string | null | undefined;
  initial: string;
  submitLabel: string;
  disabled?: boolean;
  onAssigned: (result: UsernameAssigned) => void;
  extraActions?: ReactNode;
};

/** The username field of onboarding and of the username dialog. */
export function UsernameForm({
  current,
  initial,
  submitLabel,
  disabled = false,
  onAssigned,
  extraActions,
}: UsernameFormProps) {
  const id = useId();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const availability = useAvailability(value, current);
  const assign = useAssignUsername();
  const checking = availability.state === 'checking';
  const available = availability.state === 'done' && availability.result.available;
  const enabled = !disabled && canAssign({ value, available, checking, busy: assign.isPending });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!enabled) return;
    setError(null);
    assign.mutate(value, {
      onSuccess: (result) => onAssigned(result),
      onError: (failure) => {
        const code = (failure as { code?: string }).code;
        setError(
          code === 'USERNAME_COOLDOWN' || code === 'USERNAME_TAKEN' || code === 'USERNAME_INVALID'
            ? failure.message
            : 'Failed to assign username. Please try again.',
        );
      },
    });
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      <TextField
        id={`${id}-username`}
        label="Username"
        value={value}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => setValue(cleanUsernameInput(event.target.value))}
        disabled={disabled || assign.isPending}
        aria-describedby={`${id}-status ${id}-hint`}
        hintId={`${id}-hint`}
        hint="3–30 characters: lowercase letters, numbers, hyphens and dots; it must start and end with a letter or number."
      >
        <p id={`${id}-status`} className="field__status" aria-live="polite">
          {checking ? 'Checking availability…' : null}
          {availability.state === 'failed'
            ? 'Unable to check availability. Please try again.'
            : null}
          {availability.state === 'done' && availability.result.available ? (
            <span className="text-success">
              ✓ Available
              {availability.result.address ? (
                <>
                  : your receipt address will be <strong>{availability.result.address}</strong>
                </>
              ) : null}
            </span>
          ) : null}
          {availability.state === 'done' && !availability.result.available ? (
            <span className="text-error">{availability.result.errors[0] ?? 'Not available'}</span>
          ) : null}
        </p>
        {availability.state === 'done' && availability.result.suggestions.length ? (
          <div className="chips" aria-label="Suggestions">
            {availability.result.suggestions.map((suggestion) => (
              <button
                key={suggestion}
                type="button"
                className="chip"
                onClick={() => setValue(suggestion)}
              >
                {suggestion}
              </button>
            ))}
          </div>
        ) : null}
      </TextField>
      {error ? (
        <p className="text-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="form__actions">
        {extraActions}
        <Button type="submit" variant="primary" disabled={!enabled} loading={assign.isPending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
