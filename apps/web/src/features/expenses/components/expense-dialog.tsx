import { useState, type ReactNode } from 'react';
import { Banner } from '@/components/ui/banner';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useEntities } from '@/lib/queries/get-entities';
import { useExpense } from '@/lib/queries/get-expense';
import type { Expense } from '@/types/api';
import { DeleteExpenseDialog } from './delete-expense-dialog';
import { ExpenseCard } from './expense-card';
import { hasReceipt, ReceiptDialog } from './receipt-dialog';
import { SplitDialog } from './split-dialog';
import './expenses.css';

type ExpenseDialogProps = {
  /** The expense to show; null: closed. */
  expenseId: string | null;
  onClose: () => void;
  /** More actions on the card, from another feature (as the list has them). */
  renderActions?: (expense: Expense) => ReactNode;
};

type Step = 'card' | 'receipt' | 'delete' | 'split';

/**
 * 'Just added': one expense the user just uploaded, as its card in the list (edit, delete,
 * receipt), wherever the list sorts it (a receipt with an old date lands on a later page). One
 * dialog at a time: the receipt and the delete question replace it while open.
 */
export function ExpenseDialog({ expenseId, onClose, renderActions }: ExpenseDialogProps) {
  const expense = useExpense({ id: expenseId });
  const entities = useEntities();
  const [editing, setEditing] = useState(false);
  const [step, setStep] = useState<Step>('card');
  if (expenseId === null) return null;
  const close = () => {
    setEditing(false);
    setStep('card');
    onClose();
  };
  const data = expense.data;
  if (data && step === 'receipt') {
    return <ReceiptDialog expense={data} onClose={() => setStep('card')} />;
  }
  if (data && step === 'delete') return <DeleteExpenseDialog expense={data} onClose={close} />;
  if (data && step === 'split') {
    return (
      <SplitDialog expense={data} entities={entities.data ?? []} onClose={() => setStep('card')} />
    );
  }
  return (
    <Dialog open onClose={close} title="Just added" size="lg" closeLabel="Close">
      {data ? (
        <ExpenseCard
          expense={data}
          entities={entities.data ?? []}
          editing={editing}
          onEdit={() => setEditing(true)}
          onEditDone={() => setEditing(false)}
          onDelete={() => setStep('delete')}
          onViewReceipt={() => (hasReceipt(data) ? setStep('receipt') : undefined)}
          onSplit={() => setStep('split')}
          renderActions={renderActions}
        />
      ) : expense.isError ? (
        <Banner tone="error">This expense could not be loaded. It may have been deleted.</Banner>
      ) : (
        <Spinner label="Loading the expense…" showLabel />
      )}
    </Dialog>
  );
}
