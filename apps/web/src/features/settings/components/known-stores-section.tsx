import { useState } from 'react';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import type { KnownStore, StoreKey, StoreKeyKind } from '@snaptrack/contracts/core';
import { useForgetKnownStore, useKnownStores, useUpdateKnownStore } from '../api/known-stores';
import { KnownStoreForm } from './known-store-form';
import { SettingsRemoveConfirm } from './settings-remove-confirm';

const KEY_NAMES: Record<StoreKeyKind, string> = {
  tax: 'tax id',
  phone: 'phone',
  web: 'web address',
  head: 'header',
  name: 'name',
  addr: 'address',
};

/** How a store is named in the list: the user's vendor, else what identifies it. */
export function storeName(store: KnownStore): string {
  if (store.vendor) return store.vendor;
  const key = store.keys[0];
  return key ? `Store with ${KEY_NAMES[key.kind]} ${key.value}` : 'Store';
}

function identifiedBy(keys: StoreKey[]): string {
  const strong = keys.filter((key) => ['tax', 'phone', 'web'].includes(key.kind)).slice(0, 3);
  const shown = strong.length > 0 ? strong : keys.slice(0, 2);
  return shown.map((key) => `${KEY_NAMES[key.kind]} ${key.value}`).join(', ');
}

/** What the store's next receipts get, in words. */
export function storeSummary(store: KnownStore): string {
  const parts: string[] = [];
  if (store.currency) parts.push(store.currency);
  if (store.entity) parts.push(store.entity);
  else if (store.suggested_entity) parts.push(`${store.suggested_entity} suggested`);
  if (store.tags.length > 0) parts.push(store.tags.join(', '));
  else if (store.suggested_tags.length > 0) {
    parts.push(`${store.suggested_tags.join(', ')} suggested`);
  }
  if (store.total_label) parts.push('total line learnt');
  const identified = identifiedBy(store.keys);
  if (identified) parts.push(`known by ${identified}`);
  return parts.join(' · ');
}

/**
 * Settings: the stores SnapTrack knows from the user's corrections and confirmations, each one changed or
 * forgotten here (docs/ocr.md, "Stores SnapTrack knows").
 */
export function KnownStoresSection({ entities, open }: { entities: string[]; open: boolean }) {
  const stores = useKnownStores({ enabled: open });
  const update = useUpdateKnownStore();
  const forget = useForgetKnownStore();
  const [editing, setEditing] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const busy = update.isPending || forget.isPending;
  const list = stores.data?.stores ?? [];
  const failure = update.error ?? forget.error;
  return (
    <section className="settings__section" aria-labelledby="settings-stores">
      <h3 id="settings-stores" className="settings__title">
        Stores SnapTrack knows
      </h3>
      <p className="settings__hint">
        When you correct a receipt, SnapTrack remembers its store for your account only: the next
        receipt from it gets your vendor name and currency, and the entity and tags you chose.
      </p>
      {failure ? (
        <Banner
          tone="error"
          onDismiss={() => {
            update.reset();
            forget.reset();
          }}
        >
          Failed to save settings: {failure.message}
        </Banner>
      ) : null}
      {stores.isError ? (
        <p className="settings__hint">The stores could not be loaded.</p>
      ) : stores.data && list.length === 0 ? (
        <p className="settings__hint">
          None yet. Correct a receipt&apos;s vendor, total, date or currency and its store appears
          here.
        </p>
      ) : null}
      {list.length > 0 ? (
        <ul className="settings-list" aria-label="Stores SnapTrack knows">
          {list.map((store) => (
            <li key={store.id} className="settings-list__item known-store">
              <div className="known-store__text">
                <strong>{storeName(store)}</strong>
                <span className="settings__hint">{storeSummary(store)}</span>
                {editing === store.id ? (
                  <KnownStoreForm
                    store={store}
                    entities={entities}
                    disabled={busy}
                    onCancel={() => setEditing(null)}
                    onSave={(changes) =>
                      update.mutate(
                        { id: store.id, changes },
                        { onSuccess: () => setEditing(null) },
                      )
                    }
                  />
                ) : null}
                {confirming === store.id ? (
                  <SettingsRemoveConfirm
                    title={`Forget ${storeName(store)}?`}
                    text="Its next receipts are read as printed. Expenses already filled in stay as they are."
                    confirmLabel="Forget store"
                    disabled={busy}
                    onConfirm={() =>
                      forget.mutate(store.id, { onSuccess: () => setConfirming(null) })
                    }
                    onCancel={() => setConfirming(null)}
                  />
                ) : null}
              </div>
              <div className="settings__buttons known-store__actions">
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={busy}
                  aria-label={`Change store ${storeName(store)}`}
                  onClick={() => {
                    setConfirming(null);
                    setEditing(store.id);
                  }}
                >
                  Change
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={busy}
                  aria-label={`Forget store ${storeName(store)}`}
                  onClick={() => {
                    setEditing(null);
                    setConfirming(store.id);
                  }}
                >
                  Forget
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
