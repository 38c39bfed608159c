import { Outlet } from 'react-router-dom';
import { SimpleLayout } from '@/components/layouts/simple-layout';

export function SimpleLayoutRoute() {
  return (
    <SimpleLayout>
      <Outlet />
    </SimpleLayout>
  );
}
