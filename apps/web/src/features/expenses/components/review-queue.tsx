import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useEntities } from '@/lib/queries/get-entities';
import type { EvidenceField, Expense, ReviewField } from '@/types/api';
import { useConfirmExpense } from '../api/confirm-expense';
import { useReviewQueue } from '../api/get-review-queue';
import { DeleteExpenseDialog } from './delete-expense-dialog';
import { ExpenseEditForm } from './expense-edit-form';
import { REVIEW_FIELD_LABELS, ReviewFields, reviewReasons, unsureFields } from './review-fields';
import { ReviewImage } from './review-image';
import { ReviewShortcutsDialog } from './review-shortcuts-dialog';
import { reviewCommandFor, useReviewQueueState, type ReviewCommand } from './use-review-queue';
import './expenses.css';
import './review.css';

/** A horizontal swipe this long (px) moves to the next or previous receipt. */
const SWIPE = 60;

/**
 * The "To review" queue: one receipt at a time, its image beside its fields, the box of the
 * field in hand drawn on the image. Keyboard first (J/K, Enter, E, D, ?), buttons and swipes on
 * a phone. D deletes, after asking; on a flagged duplicate it asks "delete this duplicate?". Confirming takes the receipt out; the queue empties as you go.
 */
export function ReviewQueue() {
  const queue = useReviewQueue();
  const entities = useEntities();
  const review = useReviewQueueState(queue.data?.expenses ?? []);
  const { state, current, visible } = review;
  const confirm = useConfirmExpense({
    mutationConfig: { onSuccess: (expense) => review.confirmed(expense.id) },
  });

  const run = (command: ReviewCommand) => {
    switch (command) {
      case 'next':
        return review.next();
      case 'previous':
        return review.previous();
      case 'confirm':
        if (current && !confirm.isPending) confirm.mutate(current.id);
        return;
      case 'edit':
        return current ? review.open('edit') : undefined;
      case 'delete':
        return current ? review.open('delete') : undefined;
      case 'help':
        return review.open('help');
      case 'close':
        return review.close();
    }
  };
  // The listener is set once; it reads the latest state and handlers through a ref.
  const runRef = useRef(run);
  const modeRef = useRef(state.mode);
  useEffect(() => {
    runRef.current = run;
    modeRef.current = state.mode;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const command = reviewCommandFor(
        { ...event, key: event.key, target: event.target as HTMLElement | null },
        modeRef.current,
      );
      if (!command) return;
      event.preventDefault();
      runRef.current(command);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const swipeStart = useRef<number | null>(null);

  if (queue.isPending) return <Spinner label="Loading the receipts to review…" showLabel />;
  if (queue.isError) {
    return <Banner tone="error">The receipts to review could not be loaded. Please retry.</Banner>;
  }
  // Confirmed here but still in the last list fetched: not counted twice once it refetches.
  const hidden = queue.data.expenses.length - visible.length;
  const total = Math.max(queue.data.pagination.total_count - hidden, 0);
  if (!current) {
    return (
      <div className="review-empty">
        <p className="review-empty__title">Nothing to review.</p>
        <p>Every receipt has been checked.</p>
        <Link to={paths.dashboard}>Back to the dashboard</Link>
      </div>
    );
  }

  const highlighted: EvidenceField | null = state.field ?? firstBoxed(current);
  const box = highlighted ? (current.field_evidence?.[highlighted]?.box ?? null) : null;
  // D (and the button) on a flagged duplicate: "this is a duplicate, delete it".
  const duplicate = Boolean(current.duplicate_of);

  return (
    <section className="review" aria-label="Receipt to review">
      <div className="review__bar">
        <p className="review__position" aria-live="polite">
          Receipt {state.index + 1} of {total}
        </p>
        <Button variant="ghost" size="sm" onClick={() => review.open('help')}>
          Shortcuts <kbd>?</kbd>
        </Button>
      </div>
      <div
        className={`review__item${state.mode === 'edit' ? ' review__item--editing' : ''}`}
        data-expense-id={current.id}
        onTouchStart={(event) => {
          swipeStart.current = event.changedTouches[0]?.clientX ?? null;
        }}
        onTouchEnd={(event) => {
          const end = event.changedTouches[0]?.clientX;
          if (swipeStart.current === null || end === undefined) return;
          const moved = end - swipeStart.current;
          swipeStart.current = null;
          if (moved <= -SWIPE) review.next();
          else if (moved >= SWIPE) review.previous();
        }}
      >
        <div className="review__image">
          <ReviewImage
            expense={current}
            box={box}
            boxLabel={highlighted ? REVIEW_FIELD_LABELS[highlighted] : undefined}
          />
        </div>
        <div className="review__details">
          <ul className="review__reasons">
            {reviewReasons(current).map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
          {confirm.isError ? (
            <Banner tone="error">The expense could not be confirmed. Please try again.</Banner>
          ) : null}
          {state.mode === 'edit' ? (
            <ExpenseEditForm
              expense={current}
              entities={entities.data ?? []}
              onDone={review.close}
              onFocusField={review.focus}
              autoFocus
            />
          ) : (
            <ReviewFields expense={current} highlighted={highlighted} onPoint={review.focus} />
          )}
          <div className="review__actions">
            <Button
              variant="outline"
              size="sm"
              onClick={review.previous}
              disabled={state.index === 0}
            >
              Previous
            </Button>
            <Button
              variant="primary"
              size="sm"
              onClick={() => run('confirm')}
              loading={confirm.isPending}
              disabled={state.mode === 'edit'}
            >
              Confirm
            </Button>
            <Button
              variant="outline"
              size="sm"
              onClick={() => review.open('edit')}
              disabled={state.mode === 'edit'}
            >
              Edit
            </Button>
            <Button variant="destructive" size="sm" onClick={() => review.open('delete')}>
              {duplicate ? 'Delete duplicate' : 'Delete'}
            </Button>
            <Button
              variant="outline"
              size="sm"
              onClick={review.next}
              disabled={state.index >= visible.length - 1}
            >
              Next
            </Button>
          </div>
        </div>
      </div>
      <DeleteExpenseDialog
        expense={state.mode === 'delete' ? current : null}
        onClose={review.close}
        asDuplicate={duplicate}
      />
      <ReviewShortcutsDialog open={state.mode === 'help'} onClose={review.close} />
    </section>
  );
}

/** The field to show on the image before one is chosen: the first unsure one, else the vendor. */
function firstBoxed(expense: Expense): ReviewField | null {
  const withBox = (field: ReviewField) => Boolean(expense.field_evidence?.[field]?.box);
  return unsureFields(expense).find(withBox) ?? (withBox('vendor') ? 'vendor' : null);
}
