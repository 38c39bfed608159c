import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession, type Session } from '@/lib/session-store';

export type SessionState = Session & { isAuthenticated: boolean };

/** The stored session (token + user), re-rendering on sign-in, sign-out and other tabs. */
export function useSession(): SessionState {
  const session = useSyncExternalStore(subscribeSession, getSession, getSession);
  return { ...session, isAuthenticated: session.token !== null };
}
