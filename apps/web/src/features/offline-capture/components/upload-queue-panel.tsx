import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { QueuedReceipt } from '../queue/upload-queue';
import '../offline-capture.css';

const STATUS_LABELS: Record<QueuedReceipt['status'], string> = {
  waiting: 'Waiting to upload',
  sending: 'Uploading…',
  failed: 'Not uploaded',
};

/** A preview of the kept photo; a PDF or HEIC the browser cannot draw shows its kind instead. */
function Thumbnail({ item }: { item: QueuedReceipt }) {
  const [url, setUrl] = useState<string | null>(null);
  const drawable = /^image\/(jpeg|png|webp|gif)$/.test(item.blob.type);
  useEffect(() => {
    if (!drawable) return;
    const objectUrl = URL.createObjectURL(item.blob);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [item.blob, drawable]);
  if (!url) {
    return (
      <span className="upload-queue__thumb upload-queue__thumb--file" aria-hidden="true">
        {item.filename.split('.').pop()?.toUpperCase() ?? 'FILE'}
      </span>
    );
  }
  return <img className="upload-queue__thumb" src={url} alt={`Receipt ${item.filename}`} />;
}

export interface UploadQueuePanelProps {
  items: QueuedReceipt[];
  onRetry: (id: string) => void;
  onDiscard: (id: string) => void;
}

/**
 * Receipts kept on this device until they reach the server: each with its thumbnail, where it
 * stands, the reason of the last failure, Retry and Remove. Nothing leaves the list silently.
 */
export function UploadQueuePanel({ items, onRetry, onDiscard }: UploadQueuePanelProps) {
  if (items.length === 0) return null;
  return (
    <section className="card upload-queue" aria-labelledby="upload-queue-title">
      <h2 className="upload-queue__title" id="upload-queue-title">
        Waiting to upload ({items.length})
      </h2>
      <p className="upload-queue__hint">
        Kept on this device. They go up by themselves when the connection is back, or when the
        upload limit allows.
      </p>
      <ul className="upload-queue__items">
        {items.map((item) => (
          <li key={item.id} className={`upload-queue__item upload-queue__item--${item.status}`}>
            <Thumbnail item={item} />
            <div className="upload-queue__body">
              <span className="upload-queue__name">{item.filename}</span>
              <span className="upload-queue__meta">{item.entity}</span>
              <span className="upload-queue__status" role="status">
                {STATUS_LABELS[item.status]}
                {item.reason ? `: ${item.reason}` : ''}
              </span>
            </div>
            <div className="upload-queue__actions">
              {item.status === 'failed' ? (
                <Button size="sm" variant="outline" onClick={() => onRetry(item.id)}>
                  Retry
                </Button>
              ) : null}
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Remove ${item.filename} from this device`}
                onClick={() => {
                  if (window.confirm(`Remove ${item.filename}? It has not been uploaded.`)) {
                    onDiscard(item.id);
                  }
                }}
              >
                Remove
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
