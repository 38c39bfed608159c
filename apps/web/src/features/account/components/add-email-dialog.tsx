import { useEffect, useId, useState, type FormEvent } from 'react';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { CheckboxField } from '@/components/form/checkbox-field';
import { TextField } from '@/components/form/text-field';
import { useAddEmail } from '@/features/account/api/add-email';

export const ADDED_CLOSE_MS = 2_000;

type AddEmailDialogProps = { open: boolean; onClose: () => void; onAdded: () => void };

/** Spec 'Add-email dialog': form → success view → closes after 2 s and reports back. */
export function AddEmailDialog({ open, onClose, onAdded }: AddEmailDialogProps) {
  return open ? <AddEmailForm onClose={onClose} onAdded={onAdded} /> : null;
}

function AddEmailForm({ onClose, onAdded }: { onClose: () => void; onAdded: () => void }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [marketing, setMarketing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const add = useAddEmail();

  useEffect(() => {
    if (!add.isSuccess) return;
    const timer = window.setTimeout(() => {
      onAdded();
      onClose();
    }, ADDED_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [add.isSuccess, onAdded, onClose]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim().toLowerCase();
    if (!address) return setError('Please enter an email address');
    setError(null);
    add.mutate(
      { email: address, opted_in_transactional: true, opted_in_marketing: marketing },
      {
        onError: (failure) =>
          setError(
            failure.message.includes('already in use')
              ? 'This email is already in use'
              : 'Failed to add email. Please try again.',
          ),
      },
    );
  }

  if (add.isSuccess) {
    return (
      <Dialog open onClose={onClose} title="Email Added" size="sm">
        <Banner tone="success">
          Email added successfully. We sent a verification link to {add.data.email.email}.
        </Banner>
      </Dialog>
    );
  }

  return (
    <Dialog open onClose={onClose} title="Add Email" size="sm" dismissible={!add.isPending}>
      <form className="form" onSubmit={submit} noValidate>
        {error ? <Banner tone="error">{error}</Banner> : null}
        <TextField
          id={`${id}-email`}
          label="Email address"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          disabled={add.isPending}
          data-autofocus
        />
        <CheckboxField
          label="Send me product news and tips (optional)"
          checked={marketing}
          onChange={(event) => setMarketing(event.target.checked)}
          disabled={add.isPending}
        />
        <div className="form__actions">
          <Button variant="outline" onClick={onClose} disabled={add.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" loading={add.isPending}>
            Add Email
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
