import { useState, type FormEvent } from 'react';
import { TextField } from '@/components/form/text-field';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { useCreateCheckout } from '../api/checkout';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Spec '/signup': the email, then the payment provider's checkout page. */
export function SignupForm({ platform = 'web' }: { platform?: 'web' | 'mobile' }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const checkout = useCreateCheckout();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim().toLowerCase();
    if (!EMAIL.test(address)) return setError('Please enter a valid email address');
    setError(null);
    checkout.mutate(
      { email: address, platform },
      {
        onSuccess: (response) => window.location.assign(response.data.checkout_url),
        onError: (failure) =>
          setError(
            isApiError(failure)
              ? failure.message || 'Failed to create checkout session'
              : 'An unexpected error occurred. Please try again.',
          ),
      },
    );
  }

  return (
    <section aria-labelledby="signup-title">
      <h1 id="signup-title" className="auth-card__title">
        Start Tracking
      </h1>
      <p className="auth-card__lead">SnapTrack Pro: $4.99/month. Cancel any time.</p>
      <form className="form" onSubmit={submit} noValidate>
        {error ? <Banner tone="error">{error}</Banner> : null}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          disabled={checkout.isPending}
        />
        <Button type="submit" variant="primary" block disabled={checkout.isPending}>
          {checkout.isPending ? 'Starting checkout…' : 'Continue to Payment'}
        </Button>
      </form>
    </section>
  );
}
