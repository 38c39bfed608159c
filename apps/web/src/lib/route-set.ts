// Which route table the SPA mounts (docs/api.md, Accounts: `app=true` and the app host). Decided
// once per page load: moving between the sets is a full navigation (the marketing 'Sign In' link).

export type RouteSet = 'marketing' | 'app';

/** sessionStorage flag: `?app=true` keeps the app set for the rest of the tab's life. */
export const APP_MODE_KEY = 'snaptrack_app_mode';

export type RouteSetInput = {
  hostname: string;
  search: string;
  /** The tab already chose the app set with `?app=true`. */
  remembered: boolean;
};

export type RouteSetChoice = {
  routeSet: RouteSet;
  /** What to store for the tab: true to remember the app set, false to forget it, null to leave. */
  remember: boolean | null;
};

export function isAppHost(hostname: string): boolean {
  return hostname.toLowerCase().startsWith('app.');
}

export function chooseRouteSet({ hostname, search, remembered }: RouteSetInput): RouteSetChoice {
  if (isAppHost(hostname)) return { routeSet: 'app', remember: null };
  const flag = new URLSearchParams(search).get('app');
  if (flag === 'true') return { routeSet: 'app', remember: true };
  // `?app=false` is the way back to the marketing set in a tab that chose the app set.
  if (flag === 'false') return { routeSet: 'marketing', remember: false };
  return { routeSet: remembered ? 'app' : 'marketing', remember: null };
}

function sessionFlag(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

let resolved: RouteSet | null = null;

/** The route set of this page load, read from window.location and remembered per tab. */
export function resolveRouteSet(): RouteSet {
  if (resolved) return resolved;
  const store = sessionFlag();
  const choice = chooseRouteSet({
    hostname: window.location.hostname,
    search: window.location.search,
    remembered: store?.getItem(APP_MODE_KEY) === 'true',
  });
  if (choice.remember === true) store?.setItem(APP_MODE_KEY, 'true');
  if (choice.remember === false) store?.removeItem(APP_MODE_KEY);
  resolved = choice.routeSet;
  return resolved;
}

/**
 * Where a visitor signs in from the current route set: the app set has /login itself; the
 * marketing set hands over to the app set (or to the app host when one is configured).
 */
export function loginHref(routeSet: RouteSet, appOrigin = ''): string {
  if (routeSet === 'app') return '/login';
  return appOrigin ? `${appOrigin.replace(/\/$/, '')}/login` : '/login?app=true';
}
