import { isApiError } from '../../../lib/api-error';
import { isTransientUploadError, retryAfterMs } from '../../../lib/receipt-upload';
import type { QueuedReceipt } from './upload-queue';

// What the queue tells the person about a receipt that did not go up, and what it does next.
// Pure (no IndexedDB, no channel): the page, the service worker and the unit tests use it.

export const QueueReasons = {
  offline: 'No connection: it goes up when you are back online.',
  signIn: 'Sign in again to send it.',
  busy: 'The server is busy: it will be tried again.',
  /** An upload limit reached: the receipt goes up by itself at `at` (epoch ms). */
  limit: (at: number) =>
    `Upload limit reached: it goes up by itself after ${new Date(at).toLocaleTimeString(undefined, {
      hour: '2-digit',
      minute: '2-digit',
    })}.`,
} as const;

type QueueChange = Partial<Pick<QueuedReceipt, 'status' | 'reason' | 'notBefore'>>;

/**
 * Where a receipt stands after a failed try, and whether the queue goes on with the next: no
 * answer, a session to renew, an upload limit (until its Retry-After) or a busy server leave it
 * waiting and stop the round; a refusal for good marks it failed with the reason and goes on.
 */
export function afterFailure(
  caught: unknown,
  now = Date.now(),
): { change: QueueChange; outcome: 'stop' | 'next' } {
  if (!isApiError(caught) || caught.status === 0) {
    return { change: { status: 'waiting', reason: QueueReasons.offline }, outcome: 'stop' };
  }
  if (caught.status === 401) {
    return { change: { status: 'waiting', reason: QueueReasons.signIn }, outcome: 'stop' };
  }
  if (caught.status === 429) {
    const notBefore = now + retryAfterMs(caught);
    const reason = QueueReasons.limit(notBefore);
    return { change: { status: 'waiting', reason, notBefore }, outcome: 'stop' };
  }
  // Answers that say "later", not "never" (408, 5xx): the receipt stays waiting.
  if (isTransientUploadError(caught)) {
    return { change: { status: 'waiting', reason: QueueReasons.busy }, outcome: 'stop' };
  }
  // Refused for good (no subscription, not a receipt, quota): kept with the reason and a Retry.
  return { change: { status: 'failed', reason: caught.message }, outcome: 'next' };
}
