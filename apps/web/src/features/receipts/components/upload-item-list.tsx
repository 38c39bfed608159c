import { UploadMessages } from '../utils/upload-rules';
import type { UploadItem, UploadState } from './use-uploads';

const STATE_LABELS: Record<UploadState, string> = {
  preparing: 'Preparing…',
  uploading: 'Uploading…',
  done: 'Uploaded: reading the receipt…',
  kept: 'No connection: kept on this device, waiting to upload',
  failed: UploadMessages.failed,
};

/** Each upload with its progress bar and state ('Uploading…', the server's refusal …). */
export function UploadItemList({ items }: { items: readonly UploadItem[] }) {
  if (items.length === 0) return null;
  return (
    <ul className="upload-card__items" aria-label="Uploads">
      {items.map((item) => (
        <li key={item.id} className={`upload-item upload-item--${item.state}`}>
          <span className="upload-item__name">{item.name}</span>
          <progress
            className="upload-item__progress"
            max={1}
            value={item.progress}
            aria-label={`Upload of ${item.name}`}
          />
          <span className="upload-item__state" role="status">
            {item.state === 'failed'
              ? (item.error ?? UploadMessages.failed)
              : STATE_LABELS[item.state]}
          </span>
        </li>
      ))}
    </ul>
  );
}
