import { api, stack } from '@snaptrack/testing';

/**
 * A signed-in session made through the API, as the login screen makes it (`POST /api/auth/login`)
 * and stores it: the token and the user under the SPA's session keys in localStorage
 * (apps/web/src/lib/session-store.ts). A context that starts with it is in the state a person's
 * browser is in after signing in, without loading and filling the login screen in every test:
 * that screen costs the browser more CPU than the test's own steps in many suites. Tests about
 * signing in (login, accounts, test-auth, social sign-in, sessions) keep using the screen.
 */
export type StorageState = {
  cookies: [];
  origins: { origin: string; localStorage: { name: string; value: string }[] }[];
};

/** The SPA's session keys (session-store.ts: never renamed, or every user is signed out). */
const TOKEN_KEY = 'snaptrack_token';
const USER_KEY = 'snaptrack_user';

const sessions = new Map<string, Promise<StorageState>>();

/**
 * One session per account and test file (each file has its own module registry): the tests of a
 * suite share it as a person's tabs share one sign-in. A test that ends the session (Sign Out,
 * a password change) must ask for `fresh` so the ones after it keep theirs.
 */
export function sessionState(
  account: { email: string; password: string },
  { fresh = false }: { fresh?: boolean } = {},
): Promise<StorageState> {
  const key = `${account.email}\n${account.password}`;
  const known = sessions.get(key);
  if (known && !fresh) return known;
  const made = signInThroughApi(account.email, account.password);
  if (!fresh) sessions.set(key, made);
  // A failed sign-in is not remembered: the next test asks again and fails on its own.
  made.catch(() => sessions.delete(key));
  return made;
}

async function signInThroughApi(email: string, password: string): Promise<StorageState> {
  const { status, body } = await api('/api/auth/login', { body: { email, password } });
  if (status !== 200 || typeof body?.token !== 'string' || typeof body?.user !== 'object') {
    throw new Error(`API sign-in of ${email} answered ${status}`);
  }
  return {
    cookies: [],
    origins: [
      {
        origin: new URL(stack.baseUrl).origin,
        localStorage: [
          { name: TOKEN_KEY, value: body.token as string },
          { name: USER_KEY, value: JSON.stringify(body.user) },
        ],
      },
    ],
  };
}
