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
      return item.duplicate
        ? 'Uploaded: possible duplicate of an earlier receipt'
        : STATE_LABELS.done;
    case 'preparing':
    case 'uploading':
    case 'kept':
      return STATE_LABELS[item.state];
  }
}

/**
 * Each upload with its progress bar and state ('Uploading…', the server's refusal …). A long
 * batch scrolls inside the card; one upload alone announces its state, a batch's summary
 * speaks for the many.
 */
export function UploadItemList({ items }: { items: readonly UploadItem[] }) {
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
            className={`upload-item upload-item--${item.state}${item.duplicate ? ' upload-item--duplicate' : ''}`}
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
          </li>
        ))}
      </ul>
    </div>
  );
}
