import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { resolveRouteSet } from '@/lib/route-set';
import { AppProvider } from './provider';
import { createRouter } from './router';

export function App() {
  // The route set is fixed for the page load (host, ?app=true, or the tab's remembered choice).
  const [router] = useState(() => createRouter(resolveRouteSet()));
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
