import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { appHref } from '@/lib/app-href';
import { resolveRouteSet } from '@/lib/route-set';

/** Goes to an app-set page: in-app navigation, or a full one from the marketing set. */
export function useGoToApp() {
  const navigate = useNavigate();
  return useCallback(
    (path: string, state?: unknown) => {
      const href = appHref(resolveRouteSet(), path);
      if (href) window.location.assign(href);
      else void navigate(path, { replace: true, state });
    },
    [navigate],
  );
}
