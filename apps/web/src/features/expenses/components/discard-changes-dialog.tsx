import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

type DiscardChangesDialogProps = {
  open: boolean;
  onKeepEditing: () => void;
  onDiscard: () => void;
};

/** Asked before an edit form with changes closes: nothing typed is lost without a yes. */
export function DiscardChangesDialog({
  open,
  onKeepEditing,
  onDiscard,
}: DiscardChangesDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onKeepEditing}
      size="sm"
      title="Discard your changes?"
      description="The changes you made to this expense have not been saved."
      footer={
        <>
          <Button variant="ghost" data-autofocus onClick={onKeepEditing}>
            Keep editing
          </Button>
          <Button variant="destructive" onClick={onDiscard}>
            Discard changes
          </Button>
        </>
      }
    />
  );
}
