import { env } from '@/config/env';
import type { RouteSet } from './route-set';

/**
 * A page of the app route set from wherever we are: a path inside the app set, or a full
 * navigation to the app host / `?app=true` from the marketing set (setup link → onboarding →
 * dashboard on localhost).
 */
export function appHref(routeSet: RouteSet, path: string): string | null {
  if (routeSet === 'app') return null;
  return env.appOrigin ? `${env.appOrigin}${path}` : `${path}?app=true`;
}
