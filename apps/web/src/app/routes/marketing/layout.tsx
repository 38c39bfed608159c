import { Outlet } from 'react-router-dom';
import { MarketingLayout } from '@/components/layouts/marketing-layout';
import { VersionDisplay } from '@/features/app-version/components/version-display';

export function MarketingLayoutRoute() {
  return (
    <MarketingLayout versionSlot={<VersionDisplay compact />}>
      <Outlet />
    </MarketingLayout>
  );
}
