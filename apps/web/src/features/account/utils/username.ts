// The screen's side of the username. The rules themselves
// (limits, cleaning what is typed, the suggestion, the cooldown) are the server's, from the
// contracts' core; only when to ask the server and when to allow Assign live here.
import { USERNAME_MIN, cooldownHoursLeft } from '@snaptrack/contracts/core';

export {
  USERNAME_MAX,
  USERNAME_MIN,
  cleanUsernameInput,
  suggestedUsername,
} from '@snaptrack/contracts/core';

export const CHECK_DEBOUNCE_MS = 500;

/** Whether a check is worth asking: long enough and not the current name. */
export function shouldCheck(value: string, current: string | null | undefined): boolean {
  return value.length >= USERNAME_MIN && value !== (current ?? '');
}

/** Assign/Continue: available, not checking or busy, at least 3 characters. */
export function canAssign(input: {
  value: string;
  available: boolean;
  checking: boolean;
  busy: boolean;
}): boolean {
  return input.available && !input.checking && !input.busy && input.value.length >= USERNAME_MIN;
}

/** Whole hours until the next change (0 when allowed now). */
export function hoursUntilChange(changedAt: string | null | undefined, now = Date.now()): number {
  return cooldownHoursLeft(changedAt ? new Date(changedAt) : null, new Date(now));
}
