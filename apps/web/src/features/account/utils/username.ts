// Client rules of a username (docs/api.md, Accounts); the server enforces the full set.
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const CHECK_DEBOUNCE_MS = 500;
export const COOLDOWN_HOURS = 24;

/** As typed: lowercased, only a-z, 0-9, hyphen and dot kept, at most 30. */
export function cleanUsernameInput(value: string): string {
  return value
    .toLowerCase()
    .replace(/[^a-z0-9.-]/g, '')
    .slice(0, USERNAME_MAX);
}

/** From the display name, else the email's local part: letters and digits, at most 20. */
export function suggestedUsername(fullName: string | null | undefined, email: string): string {
  const from = (value: string) =>
    value
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]/g, '')
      .slice(0, 20);
  const byName = fullName ? from(fullName) : '';
  return byName.length >= USERNAME_MIN ? byName : from(email.split('@')[0] ?? '');
}

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
  if (!changedAt) return 0;
  const left = Date.parse(changedAt) + COOLDOWN_HOURS * 3_600_000 - now;
  return left > 0 ? Math.ceil(left / 3_600_000) : 0;
}
