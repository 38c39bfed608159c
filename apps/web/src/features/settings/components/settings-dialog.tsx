import { useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { XIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { api } from '@/lib/api-client';
import { getEntitiesQueryOptions, useEntities } from '@/lib/queries/get-entities';
import { useTagCatalog } from '@/lib/queries/get-tags';
import type { ListedEntity, UserSettings } from '@/types/api';
import { getSettingsQueryOptions, useSettings } from '../api/get-settings';
import { useUpdateSettings, type SettingsLists } from '../api/update-settings';
import { HomeCurrencySection } from './home-currency-section';
import { KnownStoresSection } from './known-stores-section';
import { SenderRulesSection } from './sender-rules-section';
import { SettingsAddForm } from './settings-add-form';
import {
  SettingsRemoveConfirm,
  entityRemovalText,
  tagRemovalText,
} from './settings-remove-confirm';
import './settings.css';

const isPersonal = (name: string) => name.toLowerCase() === 'personal';

type SettingsDialogProps = {
  open: boolean;
  onClose: () => void;
  /** After the server stored a change (the dashboard refreshes its lists). */
  onSaved?: (settings: UserSettings) => void;
  /** Username setup and history (another feature) sit with the receipt address. */
  emailSlot?: ReactNode;
  /** Give Feedback, Report Problem, Request Feature. */
  feedbackSlot?: ReactNode;
};

/**
 * Settings: Email Settings, Currency (the home currency), Business Entities (add, remove; never Personal), Tags, Stores SnapTrack knows, Feedback &
 * Support. Each change goes to the server at once and the lists show what it stored; a
 * failure shows 'Failed to save settings: {message}' beside the server's lists.
 */
export function SettingsDialog({
  open,
  onClose,
  onSaved,
  emailSlot,
  feedbackSlot,
}: SettingsDialogProps) {
  const settings = useSettings({ queryConfig: { enabled: open } });
  const update = useUpdateSettings({ mutationConfig: { onSuccess: (saved) => onSaved?.(saved) } });
  const data = settings.data;
  // Ids and expense counts for the removal confirmations (the lists above are names).
  const listed = useEntities({ queryConfig: { enabled: open } });
  const tagCatalog = useTagCatalog({ queryConfig: { enabled: open } });
  const [confirming, setConfirming] = useState<{ kind: 'entity' | 'tag'; name: string } | null>(
    null,
  );
  const queryClient = useQueryClient();
  const removeEntity = useMutation({
    mutationFn: ({ entity, moveTo }: { entity: ListedEntity; moveTo: string | null }) =>
      api.delete(`/entities/${entity.id}${moveTo ? `?move_to=${encodeURIComponent(moveTo)}` : ''}`),
    onSettled: async () => {
      setConfirming(null);
      await queryClient.invalidateQueries({ queryKey: getEntitiesQueryOptions().queryKey });
      const saved = await queryClient.fetchQuery({ ...getSettingsQueryOptions(), staleTime: 0 });
      onSaved?.(saved);
    },
  });
  const busy = update.isPending || removeEntity.isPending;
  const entityNamed = (name: string) =>
    listed.data?.find((entity) => entity.name.toLowerCase() === name.toLowerCase());
  const tagCount = (tag: string) =>
    tagCatalog.data?.onExpenses.find((usage) => usage.name.toLowerCase() === tag.toLowerCase())
      ?.expenseCount;

  const save = (lists: Partial<SettingsLists>) => {
    if (!data) return;
    update.mutate({ entities: lists.entities ?? data.entities, tags: lists.tags ?? data.tags });
  };
  /** The name as already listed (names differ by more than case), or undefined. */
  const has = (list: string[], name: string) =>
    list.find((item) => item.toLowerCase() === name.toLowerCase());

  return (
    <Dialog
      open={open}
      onClose={() => {
        update.reset();
        removeEntity.reset();
        setConfirming(null);
        onClose();
      }}
      title="Settings"
      size="lg"
      closeLabel="Close settings"
    >
      {update.isError ? (
        <Banner tone="error" onDismiss={() => update.reset()}>
          Failed to save settings: {update.error.message}
        </Banner>
      ) : null}
      {removeEntity.isError ? (
        <Banner tone="error" onDismiss={() => removeEntity.reset()}>
          Failed to save settings: {removeEntity.error.message}
        </Banner>
      ) : null}
      {!data ? (
        settings.isError ? (
          <Banner tone="error">Settings could not be loaded.</Banner>
        ) : (
          <Spinner label="Loading settings…" showLabel />
        )
      ) : (
        <div className="settings" aria-busy={busy || undefined}>
          <section className="settings__section" aria-labelledby="settings-email">
            <h3 id="settings-email" className="settings__title">
              Email Settings
            </h3>
            {data.emailSettings.emailAddress ? (
              <p>
                Forward receipts to <strong>{data.emailSettings.emailAddress}</strong>
              </p>
            ) : (
              <p className="settings__hint">You have no receipt address yet.</p>
            )}
            {emailSlot}
            <SenderRulesSection />
          </section>

          <HomeCurrencySection />

          <section className="settings__section" aria-labelledby="settings-entities">
            <h3 id="settings-entities" className="settings__title">
              Business Entities
            </h3>
            <ul className="settings-list" aria-label="Entities">
              {data.entities.map((name) => (
                <li key={name} className="settings-list__item">
                  <span>{name}</span>
                  {isPersonal(name) ? (
                    <span className="settings__hint">Always kept</span>
                  ) : (
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={busy}
                      aria-label={`Remove entity ${name}`}
                      onClick={() => setConfirming({ kind: 'entity', name })}
                    >
                      Remove
                    </Button>
                  )}
                </li>
              ))}
            </ul>
            {confirming?.kind === 'entity' ? (
              <EntityRemoval
                key={confirming.name}
                name={confirming.name}
                entity={entityNamed(confirming.name)}
                others={(listed.data ?? []).filter(
                  (entity) => entity.name.toLowerCase() !== confirming.name.toLowerCase(),
                )}
                disabled={busy}
                onRemove={(entity, moveTo) => removeEntity.mutate({ entity, moveTo })}
                onCancel={() => setConfirming(null)}
              />
            ) : null}
            <SettingsAddForm
              label="New entity name"
              placeholder="New entity, e.g. Acme Consulting"
              disabled={busy}
              onAdd={(name) => {
                const existing = has(data.entities, name);
                if (existing) return `You already have an entity named '${existing}'.`;
                save({ entities: [...data.entities, name] });
                return null;
              }}
            />
          </section>

          <section className="settings__section" aria-labelledby="settings-tags">
            <h3 id="settings-tags" className="settings__title">
              Tags
            </h3>
            <ul className="settings-tags" aria-label="Tags">
              {data.tags.map((tag) => (
                <li key={tag} className="chip">
                  {tag}
                  <button
                    type="button"
                    className="chip__remove"
                    disabled={busy}
                    aria-label={`Remove tag ${tag}`}
                    onClick={() => setConfirming({ kind: 'tag', name: tag })}
                  >
                    <XIcon width={12} height={12} />
                  </button>
                </li>
              ))}
            </ul>
            {confirming?.kind === 'tag' ? (
              <SettingsRemoveConfirm
                key={confirming.name}
                title={`Remove tag ${confirming.name}?`}
                text={tagRemovalText(confirming.name, tagCount(confirming.name))}
                confirmLabel="Remove tag"
                disabled={busy}
                onConfirm={() => {
                  const tag = confirming.name;
                  setConfirming(null);
                  save({ tags: data.tags.filter((item) => item !== tag) });
                }}
                onCancel={() => setConfirming(null)}
              />
            ) : null}
            <SettingsAddForm
              label="New tag"
              placeholder="New tag"
              disabled={busy}
              onAdd={(tag) => {
                const existing = has(data.tags, tag);
                if (existing) return `You already have the tag '${existing}'.`;
                save({ tags: [...data.tags, tag] });
                return null;
              }}
            />
          </section>

          <KnownStoresSection entities={data.entities} open={open} />

          {feedbackSlot ? (
            <section className="settings__section" aria-labelledby="settings-feedback">
              <h3 id="settings-feedback" className="settings__title">
                Feedback &amp; Support
              </h3>
              <div className="settings__buttons">{feedbackSlot}</div>
            </section>
          ) : null}
        </div>
      )}
    </Dialog>
  );
}

/**
 * Removing an entity: how many expenses it files and where they go. Removed through
 * DELETE /api/entities/{id} (the move and the removal in one step); needs the entity's id.
 */
function EntityRemoval({
  name,
  entity,
  others,
  disabled,
  onRemove,
  onCancel,
}: {
  name: string;
  entity: ListedEntity | undefined;
  others: ListedEntity[];
  disabled: boolean;
  onRemove: (entity: ListedEntity, moveTo: string | null) => void;
  onCancel: () => void;
}) {
  return (
    <SettingsRemoveConfirm
      title={`Remove entity ${name}?`}
      text={entityRemovalText(name, entity?.expenseCount)}
      confirmLabel="Remove entity"
      moveTargets={entity?.expenseCount ? others : undefined}
      disabled={disabled || !entity}
      onConfirm={(moveTo) => entity && onRemove(entity, moveTo)}
      onCancel={onCancel}
    />
  );
}
