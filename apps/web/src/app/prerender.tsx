import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router-dom';
import { App } from './app';
import { loadMatchedRoutes, routeTree } from './router';

/**
 * A page of the marketing route set as HTML, rendered at build time by
 * tools/lib/prerender-landing.mjs: the same tree main.tsx hydrates, on a memory router.
 */
export async function renderMarketingPage(pathname: string): Promise<string> {
  const routes = routeTree('marketing');
  await loadMatchedRoutes(routes, pathname);
  const router = createMemoryRouter(routes, { initialEntries: [pathname] });
  return renderToString(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
}
