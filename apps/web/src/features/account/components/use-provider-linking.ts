import { useEffect, useReducer, useRef } from 'react';
import { linkResult } from '@/features/account/api/link-result';
import { startLink } from '@/features/account/api/start-link';

export type AccountMessage = { tone: 'success' | 'error'; text: string };

type LinkingState = { message: AccountMessage | null; redirecting: boolean };

type LinkingAction =
  | { kind: 'linked' }
  | { kind: 'failed'; error: unknown }
  | { kind: 'redirecting' }
  | { kind: 'dismiss' };

const LINK_FAILED = 'Failed to link account. Please try again.';

export function linkingReducer(state: LinkingState, action: LinkingAction): LinkingState {
  switch (action.kind) {
    case 'linked':
      return { ...state, message: { tone: 'success', text: 'Account linked successfully!' } };
    case 'failed':
      return {
        redirecting: false,
        message: {
          tone: 'error',
          text: action.error instanceof Error ? action.error.message : LINK_FAILED,
        },
      };
    case 'redirecting':
      return { message: null, redirecting: true };
    case 'dismiss':
      return { ...state, message: null };
  }
}

/**
 * Linking Google or Apple to the account: `link` sends the browser to the provider; back here
 * with `?oidc_result=` the outcome shows once and the methods are fetched again.
 */
export function useProviderLinking(linkCode: string | null, onLinked: () => void) {
  const [state, dispatch] = useReducer(linkingReducer, { message: null, redirecting: false });
  const handled = useRef(false);

  useEffect(() => {
    if (!linkCode || handled.current) return;
    handled.current = true;
    linkResult(linkCode)
      .then(() => {
        dispatch({ kind: 'linked' });
        onLinked();
      })
      .catch((error: unknown) => dispatch({ kind: 'failed', error }));
  }, [linkCode, onLinked]);

  const link = (provider: 'google' | 'apple') => {
    dispatch({ kind: 'redirecting' });
    startLink(provider)
      .then((url) => window.location.assign(url))
      .catch((error: unknown) => dispatch({ kind: 'failed', error }));
  };

  return { ...state, link, dismiss: () => dispatch({ kind: 'dismiss' }) };
}
