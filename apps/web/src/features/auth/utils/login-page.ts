import { OidcErrorMessages, type OidcErrorReason } from '@snaptrack/contracts/core';
import type { BannerTone } from '@/components/ui/banner';

export const MISSING_CREDENTIALS_MESSAGE = 'Please enter both email and password';

/** A message banner is green if its text contains 'successfully', otherwise red. */
export function messageTone(message: string): Extract<BannerTone, 'success' | 'error'> {
  return message.includes('successfully') ? 'success' : 'error';
}

/**
 * Password-reset links may land on /login: with mode=resetPassword and an oobCode the whole
 * query string moves to /reset-password. Returns the target, or null to stay.
 */
export function resetPasswordHandOff(search: string, resetPath = '/reset-password'): string | null {
  const params = new URLSearchParams(search);
  if (params.get('mode') !== 'resetPassword' || !params.get('oobCode')) return null;
  const query = search.startsWith('?') ? search : `?${search}`;
  return `${resetPath}${query}`;
}

/** A message handed over in navigation state, e.g. `navigate('/login', {state: {message}})`. */
export function messageFromState(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('message' in state)) return null;
  const { message } = state;
  return typeof message === 'string' && message.trim() ? message : null;
}

/** The text for `?oidc_error=` (a Google/Apple callback that came back without a result). */
export function messageFromOidcError(search: string): string | null {
  const reason = new URLSearchParams(search).get('oidc_error');
  if (!reason || !Object.hasOwn(OidcErrorMessages, reason)) return null;
  return OidcErrorMessages[reason as OidcErrorReason];
}
