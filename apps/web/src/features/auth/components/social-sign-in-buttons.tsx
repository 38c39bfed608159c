import { Button } from '@/components/ui/button';
import { signInProviders } from '@/config/env';

type Provider = 'google' | 'apple';

const LABELS: Record<Provider, string> = {
  google: 'Continue with Google',
  apple: 'Continue with Apple',
};

/** Starts the OpenID Connect redirect handled by the gateway (decisions.md, Identity). */
function startProviderSignIn(provider: Provider): void {
  window.location.assign(`/api/auth/oidc/${provider}/start`);
}

/** Renders only the providers the configuration enables; nothing when none is. */
export function SocialSignInButtons({ disabled }: { disabled: boolean }) {
  const enabled = (Object.keys(LABELS) as Provider[]).filter(
    (provider) => signInProviders[provider],
  );
  if (enabled.length === 0) return null;
  return (
    <>
      {enabled.map((provider) => (
        <Button
          key={provider}
          variant="outline"
          size="lg"
          block
          disabled={disabled}
          onClick={() => startProviderSignIn(provider)}
        >
          {LABELS[provider]}
        </Button>
      ))}
      <div className="divider" role="separator">
        <span>or</span>
      </div>
    </>
  );
}
