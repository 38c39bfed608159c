import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import type { Expense } from '@/types/api';
import { useDeleteExpense } from '../api/delete-expense';
import { formatMoney } from '@/lib/format';

type DeleteExpenseDialogProps = {
  expense: Expense | null;
  onClose: () => void;
  /**
   * The review queue's D on a flagged duplicate: the user says "this is a duplicate", and it is
   * deleted (the earlier receipt it copies stays).
   */
  asDuplicate?: boolean;
};

/** Asks before deleting; 'Failed to delete expense' when the server refuses. */
export function DeleteExpenseDialog({ expense, onClose, asDuplicate }: DeleteExpenseDialogProps) {
  const remove = useDeleteExpense({ mutationConfig: { onSuccess: onClose } });
  if (!expense) return null;
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Dialog
      open
      size="sm"
      onClose={close}
      dismissible={!remove.isPending}
      title={asDuplicate ? 'Delete this duplicate?' : 'Delete this expense?'}
      description={`${expense.vendor || 'This expense'}, ${formatMoney(expense.amount, expense.currency)}. ${
        asDuplicate
          ? 'It is a copy of an earlier receipt, which stays. This cannot be undone.'
          : 'This cannot be undone.'
      }`}
      footer={
        <>
          <Button variant="ghost" onClick={close} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            loading={remove.isPending}
            onClick={() => remove.mutate(expense.id)}
            data-autofocus
          >
            {asDuplicate ? 'Delete duplicate' : 'Delete'}
          </Button>
        </>
      }
    >
      {remove.isError ? <Banner tone="error">Failed to delete expense</Banner> : null}
    </Dialog>
  );
}
