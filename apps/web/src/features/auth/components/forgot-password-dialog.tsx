import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

type ForgotPasswordDialogProps = { open: boolean; onClose: () => void };

/** Stub of the spec's 'Reset Your Password' dialog until the reset endpoints land. */
export function ForgotPasswordDialog({ open, onClose }: ForgotPasswordDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Reset Your Password"
      description="Password reset by email is coming soon. Contact support if you are locked out."
      size="sm"
      footer={
        <Button variant="outline" onClick={onClose} data-autofocus>
          Back to Login
        </Button>
      }
    />
  );
}
