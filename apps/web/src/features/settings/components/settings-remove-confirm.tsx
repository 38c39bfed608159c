import { useState } from 'react';
import { SelectField } from '@/components/form/select-field';
import { Button } from '@/components/ui/button';

const expenses = (count: number) => (count === 1 ? '1 expense' : `${count} expenses`);

/** What removing an entity does to its expenses, said before it is done. */
export function entityRemovalText(name: string, count: number | undefined): string {
  if (count === undefined) return `Remove the entity '${name}'?`;
  if (count === 0) return `No expenses are filed under '${name}'.`;
  return `${expenses(count)} ${count === 1 ? 'is' : 'are'} filed under '${name}'.`;
}

/** What removing a tag does: the expenses keep it, and it stays in the export filter. */
export function tagRemovalText(tag: string, count: number | undefined): string {
  if (!count) return `No expenses carry the tag '${tag}'.`;
  return `${expenses(count)} ${count === 1 ? 'carries' : 'carry'} the tag '${tag}'. They keep it, and it stays in the export filter.`;
}

export type MoveTarget = { id: string; name: string };

/**
 * The confirmation under a Remove: what the removal affects and, for an entity with expenses,
 * where they go (another entity, or Unassigned). `onConfirm` gets the chosen entity id or null.
 */
export function SettingsRemoveConfirm({
  title,
  text,
  confirmLabel,
  moveTargets,
  disabled,
  onConfirm,
  onCancel,
}: {
  title: string;
  text: string;
  confirmLabel: string;
  /** Offered when the entity files expenses; undefined for a tag or an unused entity. */
  moveTargets?: MoveTarget[];
  disabled: boolean;
  onConfirm: (moveTo: string | null) => void;
  onCancel: () => void;
}) {
  const [moveTo, setMoveTo] = useState('');
  return (
    <div className="settings-confirm" role="group" aria-label={title}>
      <p>{text}</p>
      {moveTargets ? (
        <SelectField
          label="Move them to"
          value={moveTo}
          onChange={(event) => setMoveTo(event.target.value)}
        >
          <option value="">Leave them Unassigned</option>
          {moveTargets.map((target) => (
            <option key={target.id} value={target.id}>
              {target.name}
            </option>
          ))}
        </SelectField>
      ) : null}
      <div className="settings__buttons">
        <Button
          size="sm"
          variant="destructive"
          disabled={disabled}
          onClick={() => onConfirm(moveTo || null)}
        >
          {confirmLabel}
        </Button>
        <Button size="sm" variant="ghost" disabled={disabled} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
