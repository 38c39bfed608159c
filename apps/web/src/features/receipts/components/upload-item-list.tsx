import { DATE_NOT_READ } from '@snaptrack/contracts/core';
import { formatDate, formatMoney } from '@/lib/format';
import { UploadMessages } from '../utils/upload-rules';
import type { UploadItem, UploadState } from './upload-batch';

const STATE_LABELS: Record<UploadState, string> = {
  queued: 'Waiting its turn',
  preparing: 'Preparing…',
  uploading: 'Uploading…',
  waiting: 'Paused by the upload limit',
  done: 'Uploaded: reading the receipt…',
  kept: 'No connection: kept on this device, waiting to upload',
  failed: UploadMessages.failed,
};

/** Said of a file kept in the offline queue while its batch waits out an upload limit. */
const KEPT = ' Kept on this device: if you close the page, it goes up on your next visit.';

const clock = (at: number) =>
  new Date(at).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

function stateText(item: UploadItem): string {
  switch (item.state) {
    case 'failed':
      return item.error ?? UploadMessages.failed;
    case 'waiting': {
      const reason = item.error ?? STATE_LABELS.waiting;
      const when = item.waitUntil ? ` Sends again by itself at ${clock(item.waitUntil)}.` : '';
      return `${reason}${when}${item.kept ? KEPT : ''}`;
    }
    case 'queued':
      return item.kept ? `${STATE_LABELS.queued}.${KEPT}` : STATE_LABELS.queued;
    case 'done':
      return doneText(item);
    case 'preparing':
    case 'uploading':
    case 'kept':
      return STATE_LABELS[item.state];
  }
}

const DUPLICATE = 'possible duplicate of an earlier receipt';

/** Uploaded: being read, then what was read (or why it could not be). */
function doneText(item: UploadItem): string {
  const { expense } = item;
  if (expense?.status === 'ready') {
    const read = [
      expense.vendor || 'Unknown vendor',
      formatMoney(expense.amount, expense.currency),
      expense.expense_date === null ? DATE_NOT_READ : formatDate(expense.expense_date),
    ].join(', ');
    return `Ready: ${read}${item.duplicate ? ` (${DUPLICATE})` : ''}.`;
  }
  if (expense?.status === 'failed') {
    return `Could not be read: ${expense.processing_error ?? 'unknown error'}. Open it to fill it in.`;
  }
  return item.duplicate ? `Uploaded: ${DUPLICATE}` : STATE_LABELS.done;
}

/** Whether the row offers to open its expense: once the reading is over. */
function canOpen(item: UploadItem): boolean {
  return (
    item.state === 'done' && item.expense !== undefined && item.expense.status !== 'processing'
  );
}

/**
 * Each upload with its progress bar and state ('Uploading…', the server's refusal, then what
 * was read or why not, with a button that opens the expense wherever the list sorts it). A
 * long batch scrolls inside the card; one upload alone announces its state, a batch's summary
 * speaks for the many.
 */
export function UploadItemList({
  items,
  onOpen,
}: {
  items: readonly UploadItem[];
  /** Opens an uploaded receipt's expense; without it, no button. */
  onOpen?: (expenseId: string) => void;
}) {
  if (items.length === 0) return null;
  const single = items.length === 1;
  return (
    <div
      className="upload-card__scroll"
      tabIndex={single ? undefined : 0}
      role="group"
      aria-label="Upload list"
    >
      <ul className="upload-card__items" aria-label="Uploads">
        {items.map((item) => (
          <li
            key={item.id}
            className={`upload-item upload-item--${item.state}${item.duplicate ? ' upload-item--duplicate' : ''}${item.expense?.status === 'failed' ? ' upload-item--unread' : ''}`}
          >
            <span className="upload-item__name">{item.name}</span>
            <progress
              className="upload-item__progress"
              max={1}
              value={item.progress}
              aria-label={`Upload of ${item.name}`}
            />
            <span className="upload-item__state" role={single ? 'status' : undefined}>
              {stateText(item)}
            </span>
            {onOpen && canOpen(item) ? (
              <button
                type="button"
                className="link-button upload-item__open"
                onClick={() => onOpen(item.expenseId!)}
                aria-label={`Open the expense of ${item.name}`}
              >
                Open
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
