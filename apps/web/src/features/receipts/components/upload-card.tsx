import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type DragEvent } from 'react';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { SubscriptionPrompt } from '@/components/subscription-prompt';
import { useEntities } from '@/lib/queries/get-entities';
import { EXPENSES_KEY } from '@/lib/queries/expenses-key';
import { isApiError, isSubscriptionRequired } from '@/lib/api-client';
import { uploadReceipt } from '../api/upload-receipt';
import { prepareUpload } from '../utils/prepare-upload';
import { ACCEPTED_FILES, rejectReason, UploadMessages } from '../utils/upload-rules';
import './upload-card.css';

type UploadState = 'preparing' | 'uploading' | 'done' | 'failed';

interface UploadItem {
  id: string;
  name: string;
  state: UploadState;
  progress: number;
  error?: string;
}

const STATE_LABELS: Record<UploadState, string> = {
  preparing: 'Preparing…',
  uploading: 'Uploading…',
  done: 'Uploaded: reading the receipt…',
  failed: UploadMessages.failed,
};

/**
 * The upload card (docs/api.md, Receipts): an entity, then one or more receipts by drag and drop, a
 * file picker or the phone's camera. Each file shows its own progress; a new expense appears in
 * the list as processing and fills itself in.
 */
export function UploadCard() {
  const queryClient = useQueryClient();
  const entities = useEntities();
  const [entity, setEntity] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [items, setItems] = useState<UploadItem[]>([]);
  const [subscriptionRequired, setSubscriptionRequired] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const entityId = useId();

  const update = (id: string, change: Partial<UploadItem>) =>
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item)));

  const uploadOne = async (file: File, id: string) => {
    try {
      const prepared = await prepareUpload(file);
      update(id, { state: 'uploading' });
      await uploadReceipt({
        ...prepared,
        entity,
        idempotencyKey: id,
        onProgress: (share) => update(id, { progress: share }),
      });
      update(id, { state: 'done', progress: 1 });
      void queryClient.invalidateQueries({ queryKey: EXPENSES_KEY });
    } catch (caught) {
      // The prompt stays on the card: navigating to /signup would lose the other uploads.
      if (isSubscriptionRequired(caught)) setSubscriptionRequired(caught.message);
      const message = isApiError(caught) && caught.message ? caught.message : UploadMessages.failed;
      update(id, { state: 'failed', error: message });
    }
  };

  const start = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    if (!entity) {
      setError(UploadMessages.selectEntity);
      return;
    }
    setError(null);
    const accepted: [File, UploadItem][] = [];
    const refused: string[] = [];
    for (const file of Array.from(files)) {
      const reason = rejectReason(file);
      if (reason) refused.push(reason);
      else {
        accepted.push([
          file,
          { id: crypto.randomUUID(), name: file.name, state: 'preparing', progress: 0 },
        ]);
      }
    }
    if (refused.length > 0) setError(refused[0] ?? null);
    setItems((current) => [...accepted.map(([, item]) => item), ...current].slice(0, 20));
    for (const [file, item] of accepted) void uploadOne(file, item.id);
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    start(event.dataTransfer.files);
  };

  const noEntities = entities.isSuccess && entities.data.length === 0;

  return (
    <section className="card upload-card" aria-labelledby={`${entityId}-title`}>
      <h2 className="upload-card__title" id={`${entityId}-title`}>
        Upload receipts
      </h2>
      <label className="upload-card__label" htmlFor={entityId}>
        Entity
      </label>
      <select
        id={entityId}
        className="input upload-card__entity"
        value={entity}
        onChange={(event) => {
          setEntity(event.target.value);
          setError(null);
        }}
      >
        <option value="">Select an entity…</option>
        {(entities.data ?? []).map((option) => (
          <option key={option.id} value={option.name}>
            {option.name}
          </option>
        ))}
      </select>
      {noEntities ? <p className="upload-card__hint">{UploadMessages.selectEntity}</p> : null}
      <div
        className={`upload-card__drop${dragging ? ' upload-card__drop--active' : ''}`}
        role="button"
        tabIndex={0}
        onClick={() => fileInput.current?.click()}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            fileInput.current?.click();
          }
        }}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p className="upload-card__drop-title">Drop receipts here or click to choose</p>
        <p className="upload-card__drop-types">JPG, PNG, WebP and HEIC (PDF too), up to 20MB</p>
      </div>
      <input
        ref={fileInput}
        type="file"
        accept={ACCEPTED_FILES}
        multiple
        hidden
        data-testid="receipt-files"
        onChange={(event) => {
          start(event.target.files);
          event.target.value = '';
        }}
      />
      <input
        ref={cameraInput}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        onChange={(event) => {
          start(event.target.files);
          event.target.value = '';
        }}
      />
      <Button
        variant="outline"
        size="sm"
        className="upload-card__camera"
        onClick={() => cameraInput.current?.click()}
      >
        Take a photo
      </Button>
      {error ? <Banner tone="error">{error}</Banner> : null}
      {subscriptionRequired ? <SubscriptionPrompt message={subscriptionRequired} /> : null}
      {items.length > 0 ? (
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
      ) : null}
    </section>
  );
}
