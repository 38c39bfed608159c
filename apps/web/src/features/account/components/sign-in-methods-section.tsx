import { Button } from '@/components/ui/button';
import type { SignInMethod } from '@/features/account/api/get-sign-in-methods';

const METHOD_LABELS: Record<SignInMethod, string> = {
  password: 'Email & password',
  google: 'Google',
  apple: 'Apple',
};

type SignInMethodsSectionProps = {
  enabled: ReadonlySet<SignInMethod>;
  /** Providers the server offers that this account has not linked yet. */
  linkable: readonly ('google' | 'apple')[];
  linking: boolean;
  onLink: (provider: 'google' | 'apple') => void;
};

/** Which sign-in methods the account has, and buttons to link the others. */
export function SignInMethodsSection({
  enabled,
  linkable,
  linking,
  onLink,
}: SignInMethodsSectionProps) {
  return (
    <section className="card" aria-labelledby="methods-title">
      <h2 id="methods-title">Sign-in methods</h2>
      <ul className="method-list">
        {(['password', 'google', 'apple'] as const).map((method) => (
          <li key={method} data-enabled={enabled.has(method)}>
            <span aria-hidden="true">{enabled.has(method) ? '✓' : '○'}</span>{' '}
            {METHOD_LABELS[method]}
            <span className="sr-only">{enabled.has(method) ? ' (enabled)' : ' (not set up)'}</span>
          </li>
        ))}
      </ul>
      {enabled.size === 3 ? (
        <p className="text-success">All sign-in methods are enabled for your account.</p>
      ) : null}
      {linkable.length ? (
        <div className="link-panel">
          <h3>Link a sign-in method</h3>
          {linkable.map((provider) => (
            <Button
              key={provider}
              variant="outline"
              disabled={linking}
              onClick={() => onLink(provider)}
            >
              Link {METHOD_LABELS[provider]}
            </Button>
          ))}
        </div>
      ) : null}
    </section>
  );
}
