import { useEffect, useState } from 'react';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { useEmails } from '@/features/account/api/get-emails';
import { useSendVerification } from '@/features/account/api/send-verification';
import { dismissBanner, isBannerDismissed } from '@/features/account/utils/dismissals';
import { AddEmailDialog } from './add-email-dialog';

export const SENT_LABEL_MS = 5_000;

type VerifyEmailBannerProps = {
  user: { email: string; has_email: boolean; contact_email: string | null };
  onEmailAdded: () => void;
};

/**
 * Dashboard body, top: a banner to verify the address we write to, or, for accounts without a
 * real address (private relay), a prompt to add one. Dismissal is remembered per email.
 */
export function VerifyEmailBanner({ user, onEmailAdded }: VerifyEmailBannerProps) {
  const emails = useEmails();
  const resend = useSendVerification();
  const [sent, setSent] = useState(false);
  const [adding, setAdding] = useState(false);
  const [dismissed, setDismissed] = useState<string | null>(null);

  useEffect(() => {
    if (!sent) return;
    const timer = window.setTimeout(() => setSent(false), SENT_LABEL_MS);
    return () => window.clearTimeout(timer);
  }, [sent]);

  const needsAddress = !user.has_email && !user.contact_email;
  if (needsAddress) {
    return (
      <>
        <Banner tone="info" title="Add your email address">
          <p>
            Your account uses a private relay address. Add an email address we can reach you at.
          </p>
          <Button variant="primary" size="sm" onClick={() => setAdding(true)}>
            Add Email
          </Button>
        </Banner>
        <AddEmailDialog open={adding} onClose={() => setAdding(false)} onAdded={onEmailAdded} />
      </>
    );
  }

  const target = user.contact_email ?? user.email;
  const record = emails.data?.emails.find((email) => email.email === target);
  if (!record || record.is_verified || dismissed === target || isBannerDismissed(target)) {
    return null;
  }

  return (
    <Banner
      tone="warning"
      title="Please verify your email address"
      onDismiss={() => {
        dismissBanner(target);
        setDismissed(target);
      }}
      dismissLabel="Dismiss verification reminder"
    >
      <p>
        We sent a verification link to <strong>{target}</strong>. Click it to confirm the address.
      </p>
      <Button
        variant="outline"
        size="sm"
        disabled={resend.isPending || sent}
        onClick={() => resend.mutate(record.id, { onSuccess: () => setSent(true) })}
      >
        {resend.isPending ? 'Sending...' : sent ? 'Sent!' : 'Resend verification'}
      </Button>
    </Banner>
  );
}
