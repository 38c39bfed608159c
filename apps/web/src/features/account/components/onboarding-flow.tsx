import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { suggestedUsername } from '@/features/account/utils/username';
import { UsernameForm } from './username-form';

type OnboardingUser = {
  email: string;
  full_name: string | null;
  email_username: string | null;
  snaptrack_email: string | null;
};

type OnboardingFlowProps = {
  user: OnboardingUser;
  onAssigned: () => void;
  onFinish: () => void;
};

/** Spec 'Onboarding': welcome → username → complete; forwarding set up already → complete. */
export function OnboardingFlow({ user, onAssigned, onFinish }: OnboardingFlowProps) {
  const [step, setStep] = useState<'welcome' | 'username' | 'complete'>(
    user.snaptrack_email ? 'complete' : 'welcome',
  );
  const [skipped, setSkipped] = useState(false);
  const [address, setAddress] = useState(user.snaptrack_email);

  if (step === 'welcome') {
    return (
      <section className="card onboarding" aria-labelledby="onboarding-title">
        <h1 id="onboarding-title">Welcome to SnapTrack</h1>
        <p>
          Snap it, Track it. Choose a username to get your personal receipt address: forward any
          receipt email to it and it becomes an expense.
        </p>
        <div className="form__actions">
          <Button
            variant="ghost"
            onClick={() => {
              setSkipped(true);
              setStep('complete');
            }}
          >
            Skip setup for now
          </Button>
          <Button variant="primary" onClick={() => setStep('username')}>
            Get Started
          </Button>
        </div>
      </section>
    );
  }

  if (step === 'username') {
    return (
      <section className="card onboarding" aria-labelledby="onboarding-username-title">
        <h1 id="onboarding-username-title">Choose your username</h1>
        <UsernameForm
          current={user.email_username}
          initial={suggestedUsername(user.full_name, user.email)}
          submitLabel="Continue"
          onAssigned={(result) => {
            setAddress(result.snaptrack_email);
            onAssigned();
            setStep('complete');
          }}
        />
      </section>
    );
  }

  return (
    <section className="card onboarding" aria-labelledby="onboarding-done-title">
      <h1 id="onboarding-done-title">You&apos;re all set!</h1>
      {address && !skipped ? (
        <p>
          Forward receipts to <strong>{address}</strong> and they appear on your dashboard.
        </p>
      ) : (
        <p>You can set up your receipt email address later in Settings.</p>
      )}
      <Button variant="primary" onClick={onFinish}>
        Start Using
      </Button>
    </section>
  );
}
