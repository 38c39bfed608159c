import { Button } from '@/components/ui/button';
import { SubscriptionPrompt } from '@/components/subscription-prompt';
import { isSubscriptionRequired } from '@/lib/api-client';
import type { Expense } from '@/types/api';
import { useReprocessReceipt } from '../api/reprocess-receipt';

/** 'Retry' on a failed receipt, 'Re-extract' on a read one; nothing for manual or email ones. */
export function ReprocessButton({ expense }: { expense: Expense }) {
  const reprocess = useReprocessReceipt();
  if (!expense.image_url || expense.status === 'processing') return null;
  if (isSubscriptionRequired(reprocess.error)) {
    return <SubscriptionPrompt message={reprocess.error.message} />;
  }
  return (
    <Button
      variant="ghost"
      size="sm"
      loading={reprocess.isPending}
      onClick={() => reprocess.mutate(expense.id)}
      title={reprocess.isError ? reprocess.error.message : undefined}
    >
      {expense.status === 'failed' ? 'Retry' : 'Re-extract'}
    </Button>
  );
}
