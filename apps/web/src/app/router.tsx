import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { loginHref, type RouteSet } from '@/lib/route-set';
import { RootErrorBoundary, RootHydrateFallback, RootLayout } from './routes/root';

// Every page is a lazy route: each screen is its own chunk, fetched on first visit.
const lazy = {
  marketingLayout: () =>
    import('./routes/marketing/layout').then((m) => ({ Component: m.MarketingLayoutRoute })),
  landing: () => import('./routes/marketing/landing').then((m) => ({ Component: m.LandingRoute })),
  simpleLayout: () =>
    import('./routes/app/simple').then((m) => ({ Component: m.SimpleLayoutRoute })),
  protectedLayout: () =>
    import('./routes/app/protected').then((m) => ({ Component: m.ProtectedLayoutRoute })),
  rootRedirect: () =>
    import('./routes/app/root-redirect').then((m) => ({ Component: m.RootRedirectRoute })),
  login: () => import('./routes/app/login').then((m) => ({ Component: m.LoginRoute })),
  dashboard: () => import('./routes/app/dashboard').then((m) => ({ Component: m.DashboardRoute })),
  resetPassword: () =>
    import('./routes/app/reset-password').then((m) => ({ Component: m.ResetPasswordRoute })),
  setupPassword: () =>
    import('./routes/app/setup-password').then((m) => ({ Component: m.SetupPasswordRoute })),
  onboarding: () =>
    import('./routes/app/onboarding').then((m) => ({ Component: m.OnboardingRoute })),
  accountSettings: () =>
    import('./routes/app/account-settings').then((m) => ({ Component: m.AccountSettingsRoute })),
  verifyEmail: () =>
    import('./routes/app/verify-email').then((m) => ({ Component: m.VerifyEmailRoute })),
  statistics: () =>
    import('./routes/app/statistics').then((m) => ({ Component: m.StatisticsRoute })),
  review: () => import('./routes/app/review').then((m) => ({ Component: m.ReviewRoute })),
  signup: () => import('./routes/app/signup').then((m) => ({ Component: m.SignupRoute })),
  signupSuccess: () =>
    import('./routes/app/signup').then((m) => ({ Component: m.SignupSuccessRoute })),
  signupCancelled: () =>
    import('./routes/app/signup').then((m) => ({ Component: m.SignupCancelledRoute })),
  subscription: () =>
    import('./routes/app/subscription').then((m) => ({ Component: m.SubscriptionRoute })),
  notFound: () => import('./routes/app/not-found').then((m) => ({ Component: m.NotFoundRoute })),
  testAuth: () => import('./routes/app/test-auth').then((m) => ({ Component: m.TestAuthRoute })),
  features: () =>
    import('./routes/marketing/features').then((m) => ({ Component: m.FeaturesRoute })),
  pricing: () => import('./routes/marketing/pricing').then((m) => ({ Component: m.PricingRoute })),
  support: () => import('./routes/marketing/support').then((m) => ({ Component: m.SupportRoute })),
  privacy: () =>
    import('./routes/legal/legal-document').then((m) => ({ Component: m.PrivacyRoute })),
  terms: () => import('./routes/legal/legal-document').then((m) => ({ Component: m.TermsRoute })),
};

const signupRoutes = (): RouteObject[] => [
  { path: paths.signup, lazy: lazy.signup },
  { path: paths.signupSuccess, lazy: lazy.signupSuccess },
  { path: paths.signupMobileSuccess, lazy: lazy.signupSuccess },
  { path: paths.signupCancelled, lazy: lazy.signupCancelled },
  { path: paths.signupMobileCancelled, lazy: lazy.signupCancelled },
  { path: paths.setupPassword, lazy: lazy.setupPassword },
];

const legalRoutes = (): RouteObject[] => [
  { path: paths.privacy, lazy: lazy.privacy },
  { path: paths.terms, lazy: lazy.terms },
  { path: paths.support, lazy: lazy.support },
];

/** Marketing host (and localhost without ?app=true). Unknown paths show the landing page. */
export const marketingRoutes: RouteObject[] = [
  {
    lazy: lazy.marketingLayout,
    children: [
      { index: true, lazy: lazy.landing },
      { path: paths.features, lazy: lazy.features },
      { path: paths.pricing, lazy: lazy.pricing },
      ...signupRoutes(),
      ...legalRoutes(),
      { path: '*', lazy: lazy.landing },
    ],
  },
  {
    lazy: lazy.simpleLayout,
    children: [
      {
        lazy: lazy.protectedLayout,
        children: [{ path: paths.onboarding, lazy: lazy.onboarding }],
      },
    ],
  },
];

/** App host (app.*) or ?app=true. */
export const appRoutes: RouteObject[] = [
  { index: true, lazy: lazy.rootRedirect },
  { path: paths.login, lazy: lazy.login },
  {
    lazy: lazy.protectedLayout,
    children: [
      { path: paths.dashboard, lazy: lazy.dashboard },
      { path: paths.statistics, lazy: lazy.statistics },
      { path: paths.review, lazy: lazy.review },
    ],
  },
  {
    lazy: lazy.simpleLayout,
    children: [
      { path: paths.resetPassword, lazy: lazy.resetPassword },
      { path: paths.verifyEmail, lazy: lazy.verifyEmail },
      ...signupRoutes(),
      ...legalRoutes(),
      {
        lazy: lazy.protectedLayout,
        children: [
          { path: paths.onboarding, lazy: lazy.onboarding },
          { path: paths.subscription, lazy: lazy.subscription },
          { path: paths.accountSettings, lazy: lazy.accountSettings },
          { path: paths.testAuth, lazy: lazy.testAuth },
        ],
      },
      { path: '*', lazy: lazy.notFound },
    ],
  },
];

/** The route table of one route set, under the root layout. */
export function routeTree(routeSet: RouteSet): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootLayout,
      ErrorBoundary: RootErrorBoundary,
      HydrateFallback: RootHydrateFallback,
      children: routeSet === 'app' ? appRoutes : marketingRoutes,
    },
  ];
}

/**
 * Loads the lazy routes that match `pathname` and puts them in place, so that the router's
 * first render draws the page itself rather than the fallback: the HTML prerendered at build
 * time is then hydrated as it is.
 */
export async function loadMatchedRoutes(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}

export function createRouter(routeSet: RouteSet, routes = routeTree(routeSet)) {
  const router = createBrowserRouter(routes);

  // The API client cleared the session after a 401; send the user to sign in again.
  setUnauthorizedHandler(() => {
    if (routeSet === 'app') void router.navigate(paths.login, { replace: true });
    else window.location.assign(loginHref(routeSet, env.appOrigin));
  });

  return router;
}
