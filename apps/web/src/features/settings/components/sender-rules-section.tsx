import { useEffect, useState, type FormEvent } from 'react';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import type { SenderRuleMode } from '@snaptrack/contracts/core';
import {
  useHeldMail,
  useReleaseHeldMail,
  useSenderRules,
  useUpdateSenderRules,
} from '../api/sender-rules';

/**
 * Whose mail to the receipt address becomes receipts (everyone, or listed senders only, with
 * the list), and the held emails waiting for release. The server decides and normalises;
 * this shows what it stored.
 */
export function SenderRulesSection() {
  const rules = useSenderRules();
  const update = useUpdateSenderRules();
  const [mode, setMode] = useState<SenderRuleMode>('everyone');
  const [senders, setSenders] = useState('');

  useEffect(() => {
    if (!rules.data) return;
    setMode(rules.data.mode);
    setSenders(rules.data.senders.join('\n'));
  }, [rules.data]);

  if (rules.isError) return <p className="settings__hint">Sender rules could not be loaded.</p>;
  if (!rules.data) return null;

  const save = (event: FormEvent) => {
    event.preventDefault();
    const list = senders
      .split(/[\n,]/)
      .map((entry) => entry.trim())
      .filter(Boolean);
    update.mutate({ mode, senders: list });
  };

  return (
    <div className="sender-rules">
      <h4 className="settings__subtitle">Who can send receipts</h4>
      {update.isError ? (
        <Banner tone="error" onDismiss={() => update.reset()}>
          Failed to save settings: {update.error.message}
        </Banner>
      ) : null}
      <form onSubmit={save} aria-label="Sender rules">
        <label>
          <input
            type="radio"
            name="sender-mode"
            value="everyone"
            checked={mode === 'everyone'}
            onChange={() => setMode('everyone')}
          />{' '}
          Everyone (at most {rules.data.unknown_receipts_per_hour} receipts an hour from senders not
          listed; the rest are held)
        </label>
        <label>
          <input
            type="radio"
            name="sender-mode"
            value="listed"
            checked={mode === 'listed'}
            onChange={() => setMode('listed')}
          />{' '}
          Only listed senders
        </label>
        <label htmlFor="sender-list">Listed senders and domains, one a line</label>
        <textarea
          id="sender-list"
          rows={4}
          value={senders}
          placeholder={'me@example.com\nshop.example'}
          onChange={(event) => setSenders(event.target.value)}
        />
        <Button type="submit" size="sm" disabled={update.isPending}>
          Save sender rules
        </Button>
      </form>
      <HeldMail days={rules.data.held_days} />
    </div>
  );
}

function HeldMail({ days }: { days: number }) {
  const held = useHeldMail();
  const release = useReleaseHeldMail();
  if (!held.data || held.data.length === 0) return null;
  return (
    <div className="sender-rules__held">
      <h4 className="settings__subtitle">Held emails</h4>
      <p className="settings__hint">
        Release an email to turn it into receipts. Held emails are deleted after {days} days.
      </p>
      {release.isError ? (
        <Banner tone="error" onDismiss={() => release.reset()}>
          {release.error.message}
        </Banner>
      ) : null}
      <ul aria-label="Held emails">
        {held.data.map((entry) => (
          <li key={entry.id} className="email-log-entry" data-status="held">
            <span className="email-log-entry__subject">{entry.subject || '(no subject)'}</span>
            <span className="email-log-entry__meta">
              {entry.from ? `${entry.from} · ` : ''}
              {new Date(entry.received_at).toLocaleString()}
            </span>
            <span className="email-log-entry__outcome">{entry.reason}</span>
            <Button
              size="sm"
              variant="outline"
              disabled={release.isPending}
              onClick={() => release.mutate(entry.id)}
            >
              Release
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
