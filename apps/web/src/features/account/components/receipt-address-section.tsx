import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';

type ReceiptAddressSectionProps = {
  address: string | null;
  hasUsername: boolean;
  /** An address from before usernames ('Legacy Format'): offer the upgrade. */
  legacy: boolean;
  onChooseUsername: () => void;
};

/** The receipt address with a copy button, and the way to choose or change the username. */
export function ReceiptAddressSection({
  address,
  hasUsername,
  legacy,
  onChooseUsername,
}: ReceiptAddressSectionProps) {
  return (
    <section className="card" aria-labelledby="receipt-title">
      <h2 id="receipt-title">Receipt email</h2>
      {address ? (
        <div className="copy-row">
          <code>{address}</code>
          {legacy ? <span className="badge badge--warning">Legacy Format</span> : null}
          <CopyButton text={address} />
        </div>
      ) : (
        <p>Choose a username to get your personal receipt address.</p>
      )}
      <Button variant="secondary" size="sm" onClick={onChooseUsername}>
        {hasUsername ? 'Change Username' : legacy ? 'Upgrade' : 'Choose Username'}
      </Button>
    </section>
  );
}
