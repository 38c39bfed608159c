import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { createRouter, loadMatchedRoutes, routeTree } from '@/app/router';
import { startQueueOwnerSync } from '@/features/offline-capture/start';
import { startOfflineSessionSync } from '@/lib/offline/session-sync';
import { registerServiceWorker } from '@/lib/pwa/service-worker';
import { resolveRouteSet } from '@/lib/route-set';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element in index.html');

startOfflineSessionSync();
startQueueOwnerSync();
registerServiceWorker();

// The route set is fixed for the page load (host, ?app=true, or the tab's remembered choice).
const routeSet = resolveRouteSet();
const routes = routeTree(routeSet);
const app = () => (
  <StrictMode>
    <App router={createRouter(routeSet, routes)} />
  </StrictMode>
);
// A transition: React renders the first screen in slices of a few milliseconds, yielding to the
// browser in between, instead of one long task (on a slow phone, hundreds of ms).
const renderFresh = () => {
  root.replaceChildren();
  const reactRoot = createRoot(root);
  startTransition(() => reactRoot.render(app()));
};

// The landing page arrives as HTML rendered at build time (tools/lib/prerender-landing.mjs), drawn
// before any script runs; React takes it over once its route is loaded. Any other page, or the
// landing page's HTML served to the app route set, starts from an empty root.
const { pathname } = window.location;
if (routeSet === 'marketing' && root.dataset.prerendered === pathname) {
  loadMatchedRoutes(routes, pathname).then(() => hydrateRoot(root, app()), renderFresh);
} else {
  // Its own task: the router's first navigation does not add to the one evaluating this module.
  setTimeout(renderFresh, 0);
}
