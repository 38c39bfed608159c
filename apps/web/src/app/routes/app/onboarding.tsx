import { useQueryClient } from '@tanstack/react-query';
import { FullPageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { OnboardingFlow } from '@/features/account/components/onboarding-flow';
import { getProfileQueryOptions, useProfile } from '@/features/auth/api/get-profile';
import { useGoToApp } from './use-go-to-app';

/** /onboarding (protected): welcome → username → complete → dashboard. */
export function OnboardingRoute() {
  const profile = useProfile();
  const queryClient = useQueryClient();
  const goToApp = useGoToApp();
  if (!profile.data) return <FullPageSpinner />;
  return (
    <div className="container onboarding-page">
      <OnboardingFlow
        user={profile.data.profile}
        onAssigned={() => void queryClient.invalidateQueries(getProfileQueryOptions())}
        onFinish={() => goToApp(paths.dashboard)}
      />
    </div>
  );
}
