import { Button } from '@/components/ui/button';

type AlreadySignedInProps = {
  email: string;
  onGoToDashboard: () => void;
  onSignOut: () => void;
  signingOut: boolean;
};

export function AlreadySignedIn({
  email,
  onGoToDashboard,
  onSignOut,
  signingOut,
}: AlreadySignedInProps) {
  return (
    <section className="already-signed-in" aria-labelledby="already-signed-in-title">
      <h1 id="already-signed-in-title" className="auth-card__title">
        Already Signed In
      </h1>
      <p className="auth-card__lead">
        You are signed in as <strong>{email}</strong>.
      </p>
      <div className="stack">
        <Button variant="primary" size="lg" block onClick={onGoToDashboard} disabled={signingOut}>
          Go to Dashboard
        </Button>
        <Button variant="outline" size="lg" block onClick={onSignOut} loading={signingOut}>
          Sign Out
        </Button>
      </div>
    </section>
  );
}
