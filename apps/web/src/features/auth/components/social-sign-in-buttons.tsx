import { Button } from '@/components/ui/button';
import { useProviders } from '@/features/auth/api/get-providers';
import type { SocialProvider } from '@/features/auth/api/start-social-sign-in';

const LABELS: Record<SocialProvider, string> = {
  google: 'Continue with Google',
  apple: 'Continue with Apple',
};

type SocialSignInButtonsProps = {
  disabled: boolean;
  onStart: (provider: SocialProvider) => void;
};

/** Only the providers the server has a client for (GET /api/auth/providers); else nothing. */
export function SocialSignInButtons({ disabled, onStart }: SocialSignInButtonsProps) {
  const providers = useProviders();
  const enabled = (Object.keys(LABELS) as SocialProvider[]).filter(
    (provider) => providers.data?.providers[provider] === true,
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
          onClick={() => onStart(provider)}
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
