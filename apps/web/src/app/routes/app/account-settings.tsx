import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { FullPageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { AccountSettingsPanel } from '@/features/account/components/account-settings-panel';
import { getProfileQueryOptions, useProfile } from '@/features/auth/api/get-profile';
import { useProviders } from '@/features/auth/api/get-providers';
import { clearSession } from '@/lib/session-store';

/** /account-settings (protected): composes the profile, the providers and the account panel. */
export function AccountSettingsRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const profile = useProfile();
  const providers = useProviders();
  // Back from linking Google/Apple: the one-time code, then a clean address bar.
  const [linkCode] = useState(() => new URLSearchParams(location.search).get('oidc_result'));
  useEffect(() => {
    if (new URLSearchParams(location.search).has('oidc_result')) {
      void navigate({ pathname: location.pathname }, { replace: true });
    }
  }, [location.pathname, location.search, navigate]);
  if (!profile.data) return <FullPageSpinner />;
  return (
    <div className="container account-page">
      <p>
        <Link to={paths.dashboard}>← Back to Dashboard</Link>
      </p>
      <AccountSettingsPanel
        user={profile.data.profile}
        providers={{
          google: providers.data?.providers.google === true,
          apple: providers.data?.providers.apple === true,
        }}
        linkCode={linkCode}
        onChanged={() => void queryClient.invalidateQueries(getProfileQueryOptions())}
        onSignedOut={() => {
          clearSession();
          queryClient.clear();
          void navigate(paths.login, {
            replace: true,
            state: { message: 'You were signed out everywhere successfully.' },
          });
        }}
      />
    </div>
  );
}
