import type { InboundMailEntry } from './mail-log.types.js';

/**
 * Whose mail to a receipt address becomes receipts. `everyone`: any sender, but senders not on
 * the list add only a few receipts an hour (the rest wait in the mail log as held); `listed`:
 * only senders on the list, everything else is held. A held mail is kept (and counts in the
 * storage quota) until its owner releases it or it expires.
 */
export type SenderRuleMode = 'everyone' | 'listed';

export const SENDER_RULE_MODES: readonly SenderRuleMode[] = ['everyone', 'listed'];

/** Entries on one account's list, at most. */
export const MAX_LISTED_SENDERS = 100;

export interface SenderRulesResponse {
  mode: SenderRuleMode;
  /** Addresses (`shop@example.com`) and domains (`example.com`), lower-case. */
  senders: string[];
  /** Receipts an hour from senders not on the list before they are held (mode `everyone`). */
  unknown_receipts_per_hour: number;
  /** Days a held mail waits for release before it is deleted. */
  held_days: number;
}

/** What `PUT /api/email/senders` takes (validated by `SenderRulesUpdateRequest`). */
export type SenderRulesUpdate = Pick<SenderRulesResponse, 'mode' | 'senders'>;

/** The released mail's log entry, now `received`. */
export interface HeldMailReleaseResponse {
  entry: InboundMailEntry;
}

export const SenderRuleMessages = {
  invalidMode: 'Choose whose mail becomes receipts: everyone, or only listed senders.',
  invalidSender: 'Enter an email address (shop@example.com) or a domain (example.com).',
  tooManySenders: `At most ${MAX_LISTED_SENDERS} senders and domains.`,
  heldNotFound: 'Held mail not found.',
  heldNotListed: 'Held: the sender is not on your list of senders.',
  heldFlood: (perHour: number) =>
    `Held: more than ${perHour} receipts an hour came from senders not on your list.`,
  heldExpired: (days: number) => `Not released within ${days} days: the message was deleted.`,
} as const;

const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const LOCAL_PART = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}$/;

/** An entry as stored (trimmed, lower-case), or null when it is neither address nor domain. */
export function normalizeSender(value: string): string | null {
  const entry = value.trim().toLowerCase();
  const at = entry.lastIndexOf('@');
  if (at === -1) return DOMAIN.test(entry) ? entry : null;
  return LOCAL_PART.test(entry.slice(0, at)) && DOMAIN.test(entry.slice(at + 1)) ? entry : null;
}

/** The address in `Shop <shop@example.com>` or `shop@example.com`; null without one. */
export function senderAddress(value: string | null): string | null {
  if (!value) return null;
  const address = (/<([^<>\s]+@[^<>\s]+)>/.exec(value)?.[1] ?? value).trim().toLowerCase();
  return /^[^\s@]+@[^\s@]+$/.test(address) ? address : null;
}

/** Whether the address is listed itself, or its domain (or a parent domain) is. */
export function isListedSender(listed: readonly string[], address: string | null): boolean {
  if (!address) return false;
  const wanted = address.toLowerCase();
  if (listed.includes(wanted)) return true;
  const labels = wanted.slice(wanted.lastIndexOf('@') + 1).split('.');
  return labels.some((_, index) => listed.includes(labels.slice(index).join('.')));
}
