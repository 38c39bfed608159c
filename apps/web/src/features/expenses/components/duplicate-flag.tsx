import { useState } from 'react';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { formatMoney } from '@/lib/format';
import type { DuplicateReason, Expense } from '@/types/api';
import { useDeleteExpense } from '../api/delete-expense';
import { useExpense } from '../api/get-expense';
import { useKeepBoth } from '../api/keep-both';
import { NO_RECEIPT_MESSAGE, useReceiptImageUrl } from './receipt-dialog';
import { expenseDateText } from './field-flags';

/** 'Starbucks, $4.50, Mar 3, 2026': how one side of a duplicate is named. */
function describe(expense: Expense): string {
  const vendor = expense.vendor || 'Unknown vendor';
  return `${vendor}, ${formatMoney(expense.amount, expense.currency)}, ${expenseDateText(expense)}`;
}

/** Why the two were matched, as the dialog says it. */
const REASONS: Record<DuplicateReason, string> = {
  file: 'Same file',
  image: 'Same picture',
  text: 'Same text',
  details: 'Same vendor, amount and date',
};

/** The receipt itself: its image, or the e-mail's text. */
function ReceiptView({ expense }: { expense: Expense }) {
  const { url, failed } = useReceiptImageUrl(
    expense.extraction_method === 'text' ? null : expense.image_url,
  );
  if (expense.extraction_method === 'text') {
    return <pre className="email-receipt">{expense.raw_ocr_text || NO_RECEIPT_MESSAGE}</pre>;
  }
  if (!expense.image_url) return <p>{NO_RECEIPT_MESSAGE}</p>;
  if (failed) return <Banner tone="error">The receipt image could not be loaded.</Banner>;
  if (!url) return <Spinner label="Loading receipt…" showLabel />;
  return <img className="receipt-image" src={url} alt={`Receipt from ${expense.vendor}`} />;
}

function Side({ heading, expense }: { heading: string; expense: Expense }) {
  return (
    <section className="duplicate-side" aria-label={heading}>
      <h3 className="duplicate-side__heading">{heading}</h3>
      <p className="duplicate-side__summary">{describe(expense)}</p>
      <p className="duplicate-side__source">
        {expense.extraction_method === 'text' ? 'Came by e-mail' : 'Photo or file'}
        {expense.entity ? ` · ${expense.entity}` : ''}
      </p>
      <ReceiptView expense={expense} />
    </section>
  );
}

/**
 * The card's "Possible duplicate" flag and what it opens: both receipts side by side, with
 * Keep both (the flag goes for good) and Delete this one. Nothing is deleted but by the button.
 */
export function DuplicateFlag({ expense }: { expense: Expense }) {
  const [open, setOpen] = useState(false);
  const earlier = useExpense(open ? expense.duplicate_of : null);
  const close = () => setOpen(false);
  const keep = useKeepBoth({ mutationConfig: { onSuccess: close } });
  const remove = useDeleteExpense({ mutationConfig: { onSuccess: close } });
  if (!expense.duplicate_of) return null;
  const busy = keep.isPending || remove.isPending;
  return (
    <>
      <button type="button" className="badge badge--amber" onClick={() => setOpen(true)}>
        Possible duplicate
      </button>
      {open ? (
        <Dialog
          open
          size="lg"
          onClose={close}
          dismissible={!busy}
          title={
            earlier.data ? `Possible duplicate of ${describe(earlier.data)}` : 'Possible duplicate'
          }
          description="The same receipt may have come in twice. Compare them, then keep both or delete this one."
          footer={
            <>
              <Button variant="ghost" onClick={close} disabled={busy}>
                Cancel
              </Button>
              <Button
                variant="ghost"
                loading={keep.isPending}
                disabled={busy}
                onClick={() => keep.mutate(expense.id)}
              >
                Keep both
              </Button>
              <Button
                variant="destructive"
                loading={remove.isPending}
                disabled={busy}
                onClick={() => remove.mutate(expense.id)}
              >
                Delete this one
              </Button>
            </>
          }
        >
          {keep.isError || remove.isError ? (
            <Banner tone="error">
              {keep.isError ? 'Could not keep both. Please retry.' : 'Failed to delete expense'}
            </Banner>
          ) : null}
          {expense.duplicate_reason ? (
            <p className="duplicate-reason">
              Matched by: <strong>{REASONS[expense.duplicate_reason]}</strong>
            </p>
          ) : null}
          <div className="duplicate-compare">
            <Side heading="This receipt" expense={expense} />
            {earlier.data ? (
              <Side heading="Earlier receipt" expense={earlier.data} />
            ) : earlier.isError ? (
              <Banner tone="error">The earlier receipt could not be loaded.</Banner>
            ) : (
              <Spinner label="Loading the earlier receipt…" showLabel />
            )}
          </div>
        </Dialog>
      ) : null}
    </>
  );
}
