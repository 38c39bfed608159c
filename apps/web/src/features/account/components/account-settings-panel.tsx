import { useState } from 'react';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { useSignInMethods } from '@/features/account/api/get-sign-in-methods';
import { useSignOutEverywhere } from '@/features/account/api/sign-out-everywhere';
import { suggestedUsername } from '@/features/account/utils/username';
import { AddEmailDialog } from './add-email-dialog';
import { ChangePasswordSection } from './change-password-section';
import { ReceiptAddressSection } from './receipt-address-section';
import { SignInMethodsSection } from './sign-in-methods-section';
import { useProviderLinking } from './use-provider-linking';
import { UsernameDialog } from './username-dialog';

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
  const { refetch } = methods;
  const linking = useProviderLinking(linkCode, () => void refetch());
  // One dialog at a time: adding the contact email or choosing the username.
  const [dialog, setDialog] = useState<'email' | 'username' | null>(null);
  const closeDialog = () => setDialog(null);
  const signOutEverywhere = useSignOutEverywhere({ onSettled: onSignedOut });

  const enabled = new Set(methods.data?.methods ?? []);
  const linkable = (['google', 'apple'] as const).filter(
    (provider) => providers[provider] && !enabled.has(provider),
  );
  const contact = user.contact_email ?? (user.has_email ? user.email : null);
  const legacy = !user.email_username && user.personal_subdomain ? user.snaptrack_email : null;

  return (
    <div className="stack account-settings">
      <h1>Account Settings</h1>
      {linking.message ? (
        <Banner tone={linking.message.tone} onDismiss={linking.dismiss}>
          {linking.message.text}
        </Banner>
      ) : null}

      <section className="card" aria-labelledby="contact-title">
        <h2 id="contact-title">Contact email</h2>
        {contact ? (
          <p>{contact}</p>
        ) : (
          <Button variant="primary" onClick={() => setDialog('email')}>
            Add Email
          </Button>
        )}
      </section>

      <ReceiptAddressSection
        address={user.snaptrack_email}
        hasUsername={Boolean(user.email_username)}
        legacy={Boolean(legacy)}
        onChooseUsername={() => setDialog('username')}
      />

      <SignInMethodsSection
        enabled={enabled}
        linkable={linkable}
        linking={linking.redirecting}
        onLink={linking.link}
      />

      {enabled.has('password') ? <ChangePasswordSection /> : null}

      <section className="card" aria-labelledby="sessions-title">
        <h2 id="sessions-title">Sessions</h2>
        <p>
          Sign Out in the header ends this session only. Sign out on every device and browser where
          you are signed in:
        </p>
        <Button
          variant="destructive"
          loading={signOutEverywhere.isPending}
          onClick={() => signOutEverywhere.mutate()}
        >
          Sign out everywhere
        </Button>
      </section>

      <AddEmailDialog open={dialog === 'email'} onClose={closeDialog} onAdded={onChanged} />
      <UsernameDialog
        open={dialog === 'username'}
        onClose={closeDialog}
        current={user.email_username}
        changedAt={user.email_username_changed_at}
        suggestion={suggestedUsername(user.full_name, user.email)}
        onAssigned={onChanged}
      />
    </div>
  );
}
