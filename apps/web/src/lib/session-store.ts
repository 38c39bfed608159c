import type { ProductUser } from '@/types/api';

// The signed-in session lives in localStorage under these keys (signing out
// clears both). Never rename them: a rename signs every user out.
export const TOKEN_KEY = 'snaptrack_token';
export const USER_KEY = 'snaptrack_user';

export type Session = {
  token: string | null;
  user: ProductUser | null;
};

type Listener = () => void;

const memory = new Map<string, string>();

/** localStorage when the browser offers it, otherwise memory (private modes, tests). */
function storage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  try {
    if (typeof localStorage !== 'undefined') return localStorage;
  } catch {
    // Access can throw when storage is disabled.
  }
  return {
    getItem: (key) => memory.get(key) ?? null,
    setItem: (key, value) => void memory.set(key, value),
    removeItem: (key) => void memory.delete(key),
  };
}

function parseUser(raw: string | null): ProductUser | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null && 'id' in value && 'email' in value
      ? (value as ProductUser)
      : null;
  } catch {
    return null;
  }
}

function read(): Session {
  const store = storage();
  const token = store.getItem(TOKEN_KEY);
  return { token: token || null, user: token ? parseUser(store.getItem(USER_KEY)) : null };
}

// The snapshot is cached so React's useSyncExternalStore sees a stable object between changes.
let current: Session = read();
const listeners = new Set<Listener>();

function publish(): void {
  current = read();
  listeners.forEach((listener) => listener());
}

export function getSession(): Session {
  return current;
}

export function getToken(): string | null {
  return current.token;
}

export function saveSession(session: { token: string; user: ProductUser }): void {
  const store = storage();
  store.setItem(TOKEN_KEY, session.token);
  store.setItem(USER_KEY, JSON.stringify(session.user));
  publish();
}

/** Refreshes the cached user (e.g. after a profile read) without touching the token. */
export function updateStoredUser(user: ProductUser): void {
  if (!current.token) return;
  const serialized = JSON.stringify(user);
  if (serialized === JSON.stringify(current.user)) return;
  storage().setItem(USER_KEY, serialized);
  publish();
}

export function clearSession(): void {
  const store = storage();
  store.removeItem(TOKEN_KEY);
  store.removeItem(USER_KEY);
  publish();
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab signing in or out changes our session too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === USER_KEY) publish();
  });
}
