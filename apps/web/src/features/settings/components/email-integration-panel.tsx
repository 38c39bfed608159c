import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { MailIcon } from '@/components/ui/icons';
import { useMailLog, type MailLogEntry } from '../api/get-mail-log';
import './settings.css';

type EmailIntegrationPanelProps = {
  /** The personal receipt address, if the account has one. */
  address: string | null | undefined;
  onOpenSettings: () => void;
};

/**
 * Dashboard panel: the receipt address with a copy button, how to forward, and the last
 * messages received with what became of each; or a way to set the address up.
 */
export function EmailIntegrationPanel({ address, onOpenSettings }: EmailIntegrationPanelProps) {
  return (
    <section className="card email-panel" aria-labelledby="email-panel-title">
      <h2 id="email-panel-title" className="email-panel__title">
        <MailIcon width={18} height={18} /> Email Integration
      </h2>
      {address ? (
        <>
          <p className="email-panel__text">
            Forward receipt emails to <strong className="email-panel__address">{address}</strong>{' '}
            and they appear here on their own.
          </p>
          <CopyButton text={address} label="Copy address" />
          <details className="email-panel__howto">
            <summary>How to forward receipts</summary>
            <ul>
              <li>
                Forward any receipt email, or send one with receipt photos or PDFs attached (up to
                10 per email, 25 MB in all).
              </li>
              <li>
                Gmail, Outlook and Apple Mail forwards are read as the shop sent them: its name and
                date, not yours.
              </li>
              <li>
                An email without attachments becomes a text receipt; open it to see the email.
              </li>
              <li>
                To forward automatically, add a filter in your mail app that forwards receipts to
                this address.
              </li>
            </ul>
          </details>
          <RecentMail />
        </>
      ) : (
        <>
          <p className="email-panel__text">Get a personal address to forward receipt emails to.</p>
          <Button size="sm" variant="outline" onClick={onOpenSettings}>
            Set Up Email
          </Button>
        </>
      )}
    </section>
  );
}

function RecentMail() {
  const log = useMailLog({ enabled: true });
  if (log.isPending) return null;
  if (log.isError) return <p className="email-panel__text">Could not load recent emails.</p>;
  if (log.data.length === 0) {
    return <p className="email-panel__text">No emails received yet.</p>;
  }
  return (
    <div className="email-panel__log">
      <h3 className="email-panel__log-title">Recent emails</h3>
      <ul aria-label="Recent emails">
        {log.data.map((entry) => (
          <li key={entry.id} className="email-log-entry" data-status={entry.status}>
            <span className="email-log-entry__subject">{entry.subject || '(no subject)'}</span>
            <span className="email-log-entry__meta">
              {entry.from ? `${entry.from} · ` : ''}
              {new Date(entry.received_at).toLocaleString()}
            </span>
            <span className="email-log-entry__outcome">{outcome(entry)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function outcome(entry: MailLogEntry): string {
  if (entry.status === 'received') return 'Reading…';
  if (entry.status === 'failed') return entry.reason ?? 'Could not be read.';
  if (entry.status === 'held') return entry.reason ?? 'Held: release it in Settings.';
  const count = entry.receipts_created;
  return `${count} receipt${count === 1 ? '' : 's'} added`;
}
