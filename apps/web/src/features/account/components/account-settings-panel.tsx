import { useEffect, useRef, useState } from 'react';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { useSignInMethods, type SignInMethod } from '@/features/account/api/get-sign-in-methods';
import { linkResult } from '@/features/account/api/link-result';
import { useSignOutEverywhere } from '@/features/account/api/sign-out-everywhere';
import { startLink } from '@/features/account/api/start-link';
import { suggestedUsername } from '@/features/account/utils/username';
import { AddEmailDialog } from './add-email-dialog';
import { UsernameDialog } from './username-dialog';

const METHOD_LABELS: Record<SignInMethod, string> = {
  password: 'Email & password',
  google: 'Google',
  apple: 'Apple',
};

type AccountUser = {
  email: string;
  full_name: string | null;
  has_email: boolean;
  contact_email: string | null;
  snaptrack_email: string | null;
  email_username: string | null;
  email_username_changed_at: string | null;
  personal_subdomain: string | null;
};

type AccountSettingsPanelProps = {
  user: AccountUser;
  /** Social providers the server offers (GET /api/auth/providers). */
  providers: { google: boolean; apple: boolean };
  /** `?oidc_result=` after a link round trip. */
  linkCode: string | null;
  /** Profile fields changed (username, contact email): the route refreshes the profile. */
  onChanged: () => void;
  onSignedOut: () => void;
};

/** Spec 'Account settings': contact email, receipt address, sign-in methods, linking. */
export function AccountSettingsPanel({
  user,
  providers,
  linkCode,
  onChanged,
  onSignedOut,
}: AccountSettingsPanelProps) {
  const methods = useSignInMethods();
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [addingEmail, setAddingEmail] = useState(false);
  const [usernameOpen, setUsernameOpen] = useState(false);
  const [linking, setLinking] = useState(false);
  const handled = useRef(false);
  const signOutEverywhere = useSignOutEverywhere({ onSettled: onSignedOut });
  const { refetch } = methods;

  // Back from Google/Apple after linking: show the outcome once.
  useEffect(() => {
    if (!linkCode || handled.current) return;
    handled.current = true;
    linkResult(linkCode)
      .then(() => {
        setMessage({ tone: 'success', text: 'Account linked successfully!' });
        void refetch();
      })
      .catch((error: unknown) =>
        setMessage({
          tone: 'error',
          text:
            error instanceof Error ? error.message : 'Failed to link account. Please try again.',
        }),
      );
  }, [linkCode, refetch]);

  const enabled = new Set(methods.data?.methods ?? []);
  const linkable = (['google', 'apple'] as const).filter(
    (provider) => providers[provider] && !enabled.has(provider),
  );
  const contact = user.contact_email ?? (user.has_email ? user.email : null);
  const legacy = !user.email_username && user.personal_subdomain ? user.snaptrack_email : null;

  function link(provider: 'google' | 'apple') {
    setMessage(null);
    setLinking(true);
    startLink(provider)
      .then((url) => window.location.assign(url))
      .catch((error: unknown) => {
        setLinking(false);
        setMessage({
          tone: 'error',
          text:
            error instanceof Error ? error.message : 'Failed to link account. Please try again.',
        });
      });
  }

  return (
    <div className="stack account-settings">
      <h1>Account Settings</h1>
      {message ? (
        <Banner tone={message.tone} onDismiss={() => setMessage(null)}>
          {message.text}
        </Banner>
      ) : null}

      <section className="card" aria-labelledby="contact-title">
        <h2 id="contact-title">Contact email</h2>
        {contact ? (
          <p>{contact}</p>
        ) : (
          <Button variant="primary" onClick={() => setAddingEmail(true)}>
            Add Email
          </Button>
        )}
      </section>

      <section className="card" aria-labelledby="receipt-title">
        <h2 id="receipt-title">Receipt email</h2>
        {user.snaptrack_email ? (
          <div className="copy-row">
            <code>{user.snaptrack_email}</code>
            {legacy ? <span className="badge badge--warning">Legacy Format</span> : null}
            <CopyButton text={user.snaptrack_email} />
          </div>
        ) : (
          <p>Choose a username to get your personal receipt address.</p>
        )}
        <Button variant="secondary" size="sm" onClick={() => setUsernameOpen(true)}>
          {user.email_username ? 'Change Username' : legacy ? 'Upgrade' : 'Choose Username'}
        </Button>
      </section>

      <section className="card" aria-labelledby="methods-title">
        <h2 id="methods-title">Sign-in methods</h2>
        <ul className="method-list">
          {(['password', 'google', 'apple'] as const).map((method) => (
            <li key={method} data-enabled={enabled.has(method)}>
              <span aria-hidden="true">{enabled.has(method) ? '✓' : '○'}</span>{' '}
              {METHOD_LABELS[method]}
              <span className="sr-only">
                {enabled.has(method) ? ' (enabled)' : ' (not set up)'}
              </span>
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
                onClick={() => link(provider)}
              >
                Link {METHOD_LABELS[provider]}
              </Button>
            ))}
          </div>
        ) : null}
      </section>

      <section className="card" aria-labelledby="sessions-title">
        <h2 id="sessions-title">Sessions</h2>
        <p>Sign out on every device and browser where you are signed in.</p>
        <Button
          variant="destructive"
          loading={signOutEverywhere.isPending}
          onClick={() => signOutEverywhere.mutate()}
        >
          Sign out everywhere
        </Button>
      </section>

      <AddEmailDialog
        open={addingEmail}
        onClose={() => setAddingEmail(false)}
        onAdded={onChanged}
      />
      <UsernameDialog
        open={usernameOpen}
        onClose={() => setUsernameOpen(false)}
        current={user.email_username}
        changedAt={user.email_username_changed_at}
        suggestion={suggestedUsername(user.full_name, user.email)}
        onAssigned={onChanged}
      />
    </div>
  );
}
