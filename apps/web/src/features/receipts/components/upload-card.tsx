import { useEffect, useId, useRef, useState } from 'react';
import { SelectField } from '@/components/form/select-field';
import { Banner } from '@/components/ui/banner';
import { SubscriptionPrompt } from '@/components/subscription-prompt';
import { useEntities } from '@/lib/queries/get-entities';
import { UploadMessages } from '../utils/upload-rules';
import { PhotoEditor } from './photo-editor';
import { summarize } from './upload-batch';
import { UploadBatchSummary } from './upload-batch-summary';
import { UploadDropZone } from './upload-drop-zone';
import { UploadItemList } from './upload-item-list';
import { useFollowedExpenses } from './use-followed-expenses';
import type { PhotoEdit } from '../utils/photo-edit';
import { useUploads, type FollowKept, type PausedKeeper, type ReceiptToKeep } from './use-uploads';
import './upload-card.css';

export type { FollowKept, PausedKeeper, ReceiptToKeep } from './use-uploads';

export interface UploadCardProps {
  /** The entity chosen last time, preselected. */
  defaultEntity?: string;
  onEntityChange?: (entity: string) => void;
  /** Files handed in from outside (shared to the app), uploaded as soon as an entity is set. */
  incomingFiles?: File[];
  /** Keeps a receipt whose upload found no network, to send later; without it, it fails. */
  keepForLater?: (receipt: ReceiptToKeep) => Promise<void>;
  /** Keeps the files of a batch paused by an upload limit on the device until they go up. */
  keepWhilePaused?: PausedKeeper;
  /** Hears which kept receipt became which expense, whoever sent it (this page, a tab, the worker). */
  followKept?: FollowKept;
  /** Opens an uploaded receipt's expense (the screen shows it, wherever the list sorts it). */
  onOpenExpense?: (expenseId: string) => void;
}

/**
 * The upload card: an entity, then receipts by drag and drop (files, a folder, a .zip), a file
 * picker, a folder picker or the phone's camera (with a crop and rotate step that can be skipped). Each file
 * shows its own progress, a batch its overall progress and then a summary; a new expense
 * appears in the list as processing and fills itself in; the card follows each upload until it
 * is read (or failed) and then offers to open it.
 */
export function UploadCard({
  defaultEntity,
  onEntityChange,
  incomingFiles,
  keepForLater,
  keepWhilePaused,
  followKept,
  onOpenExpense,
}: UploadCardProps = {}) {
  const entities = useEntities();
  const [entity, setEntity] = useState(defaultEntity ?? '');
  const uploads = useUploads({ keepForLater, keepWhilePaused, followKept });
  useFollowedExpenses(uploads.items, uploads.followed);
  const entityId = useId();
  // A photo just taken, waiting in the crop and rotate step.
  const [photo, setPhoto] = useState<File | null>(null);
  const noEntities = entities.isSuccess && entities.data.length === 0;

  // Shared files wait for an entity, then go up once.
  const handedIn = useRef<File[] | undefined>(undefined);
  const { start, showError } = uploads;
  useEffect(() => {
    if (!incomingFiles?.length || handedIn.current === incomingFiles) return;
    if (!entity) {
      showError(UploadMessages.selectEntity);
      return;
    }
    handedIn.current = incomingFiles;
    void start(incomingFiles, entity);
    // start is new each render: run again only when the files or the entity change.
  }, [incomingFiles, entity]);

  // Without an entity the photo stays in the step, so it need not be taken again.
  const sendPhoto = (options?: { edit: PhotoEdit }) => {
    if (!photo) return;
    if (!entity) return showError(UploadMessages.selectEntity);
    setPhoto(null);
    void start([photo], entity, options);
  };

  return (
    <section className="card upload-card" aria-labelledby={`${entityId}-title`}>
      <h2 className="upload-card__title" id={`${entityId}-title`}>
        Upload receipts
      </h2>
      <SelectField
        id={entityId}
        label="Entity"
        inputClassName="upload-card__entity"
        value={entity}
        onChange={(event) => {
          setEntity(event.target.value);
          onEntityChange?.(event.target.value);
          uploads.clearError();
        }}
        hint={noEntities ? UploadMessages.selectEntity : undefined}
      >
        <option value="">Select an entity…</option>
        {(entities.data ?? []).map((option) => (
          <option key={option.id} value={option.name}>
            {option.name}
          </option>
        ))}
      </SelectField>
      {photo ? (
        <PhotoEditor
          photo={photo}
          onUse={(edit) => sendPhoto({ edit })}
          onSkip={() => sendPhoto()}
          onCancel={() => setPhoto(null)}
        />
      ) : (
        <UploadDropZone
          onFiles={(files) => void uploads.start(files, entity)}
          onFolder={(files) => void uploads.start(files, entity, { folder: true })}
          onPhoto={setPhoto}
        />
      )}
      {uploads.error ? <Banner tone="error">{uploads.error}</Banner> : null}
      {uploads.subscriptionRequired ? (
        <SubscriptionPrompt message={uploads.subscriptionRequired} />
      ) : null}
      <UploadBatchSummary summary={summarize(uploads)} />
      <UploadItemList items={uploads.items} onOpen={onOpenExpense} />
    </section>
  );
}
