import { Outlet } from 'react-router-dom';
import { MarketingLayout } from '@/components/layouts/marketing-layout';

export function MarketingLayoutRoute() {
  return (
    <MarketingLayout>
      <Outlet />
    </MarketingLayout>
  );
}
