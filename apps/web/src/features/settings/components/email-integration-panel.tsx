import { Button } from '@/components/ui/button';
import { MailIcon } from '@/components/ui/icons';
import './settings.css';

type EmailIntegrationPanelProps = {
  /** The personal receipt address, if the account has one. */
  address: string | null | undefined;
  onOpenSettings: () => void;
};

/** Dashboard panel: where to forward receipt emails, or a way to set the address up. */
export function EmailIntegrationPanel({ address, onOpenSettings }: EmailIntegrationPanelProps) {
  return (
    <section className="card email-panel" aria-labelledby="email-panel-title">
      <h2 id="email-panel-title" className="email-panel__title">
        <MailIcon width={18} height={18} /> Email Integration
      </h2>
      {address ? (
        <p className="email-panel__text">
          Forward receipt emails to <strong className="email-panel__address">{address}</strong> and
          they appear here on their own.
        </p>
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
