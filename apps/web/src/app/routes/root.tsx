import { Outlet, ScrollRestoration, useNavigation, useRouteError } from 'react-router-dom';
import { MainErrorFallback } from '@/components/errors/main-error-fallback';
import { FullPageSpinner } from '@/components/ui/spinner';
import { CookieConsentBanner } from '@/features/cookie-consent/components/cookie-consent-banner';
import { FeedbackProvider } from '@/features/feedback/components/feedback-context';
import { HelpCenterProvider } from '@/features/help/components/help-center-context';

/**
 * Root of both route sets: navigation progress bar, scroll restoration, the page, and the
 * help centre and feedback dialogs any page may open.
 */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <HelpCenterProvider>
      <FeedbackProvider>
        {navigation.state === 'loading' ? (
          <div className="route-progress" aria-hidden="true" />
        ) : null}
        <Outlet />
        <ScrollRestoration />
        <CookieConsentBanner />
      </FeedbackProvider>
    </HelpCenterProvider>
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
