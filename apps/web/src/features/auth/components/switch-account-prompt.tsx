import { Button } from '@/components/ui/button';

type SwitchAccountPromptProps = {
  /** The account this browser is signed in to now. */
  currentEmail: string;
  /** The account the Google or Apple sign-in that just came back is for. */
  nextEmail: string;
  onSwitch: () => void;
  onStay: () => void;
};

/**
 * A social sign-in came back for another account than the one signed in here: nothing
 * replaces the session until the person says so (a sign-in they did not start must not move
 * their receipts into someone else's account).
 */
export function SwitchAccountPrompt({
  currentEmail,
  nextEmail,
  onSwitch,
  onStay,
}: SwitchAccountPromptProps) {
  return (
    <section className="already-signed-in" aria-labelledby="switch-account-title">
      <h1 id="switch-account-title" className="auth-card__title">
        Switch accounts?
      </h1>
      <p className="auth-card__lead">
        You are signed in as <strong>{currentEmail}</strong>. This sign-in is for{' '}
        <strong>{nextEmail}</strong>.
      </p>
      <div className="stack">
        <Button variant="primary" size="lg" block onClick={onStay}>
          Stay signed in as {currentEmail}
        </Button>
        <Button variant="outline" size="lg" block onClick={onSwitch}>
          Switch to {nextEmail}
        </Button>
      </div>
    </section>
  );
}
