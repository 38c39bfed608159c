// The protected-route rule. Pure, so the timing rules are unit-tested.

/** A brand-new account may not have its subscription recorded yet (checkout webhook race). */
export const NEW_ACCOUNT_WINDOW_MS = 10_000;
export const RECHECK_INTERVAL_MS = 2_000;

export type AccessDecision =
  /** Profile is being read: show the spinner. */
  | 'checking'
  | 'allow'
  | 'login'
  | 'signup'
  /** New account without a subscription (or a failed check): read the profile again soon. */
  | 'recheck';

export type AccessInput = {
  hasToken: boolean;
  check: 'pending' | 'success' | 'error';
  /** From the profile; after a failed check, from the stored user. */
  hasSubscription: boolean;
  /** The account's created_at (ISO string), if known. */
  createdAt: string | null | undefined;
  now: number;
};

export function isNewAccount(createdAt: string | null | undefined, now: number): boolean {
  if (!createdAt) return false;
  const created = Date.parse(createdAt);
  if (Number.isNaN(created)) return false;
  return now - created < NEW_ACCOUNT_WINDOW_MS;
}

export function decideAccess({
  hasToken,
  check,
  hasSubscription,
  createdAt,
  now,
}: AccessInput): AccessDecision {
  if (!hasToken) return 'login';
  if (check === 'pending') return 'checking';
  if (hasSubscription) return 'allow';
  return isNewAccount(createdAt, now) ? 'recheck' : 'signup';
}
