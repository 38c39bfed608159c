import { useReducer, type FormEvent } from 'react';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import { currencyOptions } from '@/lib/currency';
import type { KnownStore, KnownStoreChanges } from '@snaptrack/contracts/core';

/** The Change form's draft: blank means "not remembered" (the reading's value stands). */
export type KnownStoreDraft = { vendor: string; currency: string; entity: string; tags: string };

export function draftOf(store: KnownStore): KnownStoreDraft {
  return {
    vendor: store.vendor ?? '',
    currency: store.currency ?? '',
    entity: store.entity ?? '',
    tags: store.tags.join(', '),
  };
}

export function draftReducer(draft: KnownStoreDraft, change: Partial<KnownStoreDraft>) {
  return { ...draft, ...change };
}

/** The draft as the PATCH body: blanks become null (forget), tags split at commas. */
export function changesOf(draft: KnownStoreDraft): KnownStoreChanges {
  return {
    vendor: draft.vendor.trim() || null,
    currency: draft.currency || null,
    entity: draft.entity || null,
    tags: draft.tags
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean),
  };
}

/** Change what a known store's next receipts get. */
export function KnownStoreForm({
  store,
  entities,
  disabled,
  onSave,
  onCancel,
}: {
  store: KnownStore;
  entities: string[];
  disabled: boolean;
  onSave: (changes: KnownStoreChanges) => void;
  onCancel: () => void;
}) {
  const [draft, update] = useReducer(draftReducer, store, draftOf);
  const codes = currencyOptions();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(changesOf(draft));
  };
  const id = `store-${store.id}`;
  return (
    <form className="settings-confirm known-store-form" onSubmit={submit} aria-label="Change store">
      <TextField
        id={`${id}-vendor`}
        label="Vendor name"
        hint="Leave blank to keep the name printed on the receipt."
        value={draft.vendor}
        onChange={(event) => update({ vendor: event.target.value })}
      />
      <SelectField
        id={`${id}-currency`}
        label="Currency"
        value={draft.currency}
        onChange={(event) => update({ currency: event.target.value })}
      >
        <option value="">As read from the receipt</option>
        {(codes.includes(draft.currency) || !draft.currency
          ? codes
          : [draft.currency, ...codes]
        ).map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </SelectField>
      <SelectField
        id={`${id}-entity`}
        label="Entity"
        value={draft.entity}
        onChange={(event) => update({ entity: event.target.value })}
      >
        <option value="">Not set</option>
        {entities.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </SelectField>
      <TextField
        id={`${id}-tags`}
        label="Tags"
        hint="Separated by commas."
        value={draft.tags}
        onChange={(event) => update({ tags: event.target.value })}
      />
      <div className="settings__buttons">
        <Button type="submit" size="sm" disabled={disabled}>
          Save store
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
