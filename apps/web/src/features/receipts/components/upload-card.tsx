import { useId, useState } from 'react';
import { SelectField } from '@/components/form/select-field';
import { Banner } from '@/components/ui/banner';
import { SubscriptionPrompt } from '@/components/subscription-prompt';
import { useEntities } from '@/lib/queries/get-entities';
import { UploadMessages } from '../utils/upload-rules';
import { UploadDropZone } from './upload-drop-zone';
import { UploadItemList } from './upload-item-list';
import { useUploads } from './use-uploads';
import './upload-card.css';

/**
 * The upload card (spec section 5): an entity, then one or more receipts by drag and drop, a
 * file picker or the phone's camera. Each file shows its own progress; a new expense appears in
 * the list as processing and fills itself in.
 */
export function UploadCard() {
  const entities = useEntities();
  const [entity, setEntity] = useState('');
  const uploads = useUploads();
  const entityId = useId();
  const noEntities = entities.isSuccess && entities.data.length === 0;

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
      <UploadDropZone onFiles={(files) => uploads.start(files, entity)} />
      {uploads.error ? <Banner tone="error">{uploads.error}</Banner> : null}
      {uploads.subscriptionRequired ? (
        <SubscriptionPrompt message={uploads.subscriptionRequired} />
      ) : null}
      <UploadItemList items={uploads.items} />
    </section>
  );
}
