import { Outlet, ScrollRestoration, useNavigation, useRouteError } from 'react-router-dom';
import { MainErrorFallback } from '@/components/errors/main-error-fallback';
import { FullPageSpinner } from '@/components/ui/spinner';

/** Root of both route sets: navigation progress bar, scroll restoration, the page. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' ? (
        <div className="route-progress" aria-hidden="true" />
      ) : null}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** Render errors and failed lazy chunks (e.g. after a deploy) end here. */
export function RootErrorBoundary() {
  const error = useRouteError();
  console.error('Route error', error);
  return <MainErrorFallback />;
}

/** Shown while the first lazy route of the page load downloads. */
export function RootHydrateFallback() {
  return <FullPageSpinner />;
}
