// Which route table the SPA mounts (docs/api.md, Accounts: `app=true` and the app host). Decided
// once per page load: moving between the sets is a full navigation (the marketing 'Sign In' link).
import { paths } from '@/config/paths';
import { TOKEN_KEY } from './session-store';

export type RouteSet = 'marketing' | 'app';

/** sessionStorage flag: `?app=true` keeps the app set for the rest of the tab's life. */
export const APP_MODE_KEY = 'snaptrack_app_mode';
/**
 * localStorage flag: this device chose the app set once, so a bookmark or a reopened tab of an
 * app route opens the app, not the landing page.
 */
export const DEVICE_APP_MODE_KEY = 'snaptrack_app_device';

/** Routes only the app set has: on the marketing set they would show the landing page. */
const APP_ONLY_PATHS: readonly string[] = [
  paths.login,
  paths.dashboard,
  paths.statistics,
  paths.review,
  paths.subscription,
  paths.accountSettings,
  paths.testAuth,
];

export function isAppOnlyPath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return APP_ONLY_PATHS.includes(path);
}

export type RouteSetInput = {
  hostname: string;
  search: string;
  /** The tab already chose the app set with `?app=true`. */
  remembered: boolean;
  pathname?: string;
  /** This device chose the app set before, or holds a signed-in session. */
  deviceChoseApp?: boolean;
};

export type RouteSetChoice = {
  routeSet: RouteSet;
  /**
   * What to store for the tab and the device: true to remember the app set, false to forget it,
   * null to leave.
   */
  remember: boolean | null;
};

export function isAppHost(hostname: string): boolean {
  return hostname.toLowerCase().startsWith('app.');
}

/**
 * The spec's host rule, plus one for single-host installs: on the marketing host, an app-only
 * route (a bookmark, a reopened tab) opens the app when this device chose it before or is
 * signed in; every other path keeps the marketing set unless the tab asked for the app.
 */
export function chooseRouteSet({
  hostname,
  search,
  remembered,
  pathname = '/',
  deviceChoseApp = false,
}: RouteSetInput): RouteSetChoice {
  if (isAppHost(hostname)) return { routeSet: 'app', remember: null };
  const flag = new URLSearchParams(search).get('app');
  if (flag === 'true') return { routeSet: 'app', remember: true };
  // `?app=false` is the way back to the marketing set in a tab that chose the app set.
  if (flag === 'false') return { routeSet: 'marketing', remember: false };
  if (remembered) return { routeSet: 'app', remember: null };
  if (deviceChoseApp && isAppOnlyPath(pathname)) return { routeSet: 'app', remember: true };
  return { routeSet: 'marketing', remember: null };
}

type FlagStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function sessionFlag(): FlagStore | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function deviceFlag(): FlagStore | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

let resolved: RouteSet | null = null;

/**
 * The route set of this page load, read from window.location, remembered per tab and, for
 * app routes, per device.
 */
export function resolveRouteSet(): RouteSet {
  if (resolved) return resolved;
  const store = sessionFlag();
  const device = deviceFlag();
  const choice = chooseRouteSet({
    hostname: window.location.hostname,
    search: window.location.search,
    remembered: store?.getItem(APP_MODE_KEY) === 'true',
    pathname: window.location.pathname,
    deviceChoseApp:
      device?.getItem(DEVICE_APP_MODE_KEY) === 'true' || Boolean(device?.getItem(TOKEN_KEY)),
  });
  if (choice.remember === true) {
    store?.setItem(APP_MODE_KEY, 'true');
    device?.setItem(DEVICE_APP_MODE_KEY, 'true');
  }
  if (choice.remember === false) {
    store?.removeItem(APP_MODE_KEY);
    device?.removeItem(DEVICE_APP_MODE_KEY);
  }
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
