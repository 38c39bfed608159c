// The username rules, one copy for auth-service (which judges
// a wanted name) and the SPA (which cleans what is typed and counts the cooldown down).

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const USERNAME_COOLDOWN_MS = 24 * 3_600_000;

/**
 * Names that would look official, collide with mail roles (RFC 2142) or with our own
 * addresses. A receipt address is `{username}@{MAIL_DOMAIN}`, so these stay ours.
 */
export const RESERVED_USERNAMES = new Set([
  'abuse',
  'account',
  'accounts',
  'admin',
  'administrator',
  'api',
  'app',
  'billing',
  'contact',
  'demo-admin',
  'expense',
  'expenses',
  'feedback',
  'help',
  'helpdesk',
  'hostmaster',
  'info',
  'mail',
  'mailer-daemon',
  'marketing',
  'no-reply',
  'noreply',
  'null',
  'postmaster',
  'privacy',
  'receipt',
  'receipts',
  'root',
  'sales',
  'security',
  'snaptrack',
  'staff',
  'support',
  'system',
  'team',
  'test',
  'undefined',
  'webmaster',
  'www',
]);

export function normalizeUsername(raw: string): string {
  return raw.trim().toLowerCase();
}

/** Every rule the username breaks, in the order a person would fix them. */
export function usernameErrors(username: string): string[] {
  const errors: string[] = [];
  if (username.length < USERNAME_MIN) errors.push('Username must be at least 3 characters');
  if (username.length > USERNAME_MAX) errors.push('Username must be at most 30 characters');
  if (/[^a-z0-9.-]/.test(username)) {
    errors.push('Username can only contain lowercase letters, numbers, hyphens and dots');
  }
  if (username.length > 0 && !/^[a-z0-9].*[a-z0-9]$|^[a-z0-9]$/.test(username)) {
    errors.push('Username must start and end with a letter or number');
  }
  // The username is the local part of an email address, where two dots in a row are invalid.
  if (username.includes('..')) errors.push('Username cannot contain two dots in a row');
  if (RESERVED_USERNAMES.has(username)) errors.push('This username is reserved');
  return errors;
}

/** As typed: lowercased, only a-z, 0-9, hyphen and dot kept, at most USERNAME_MAX. */
export function cleanUsernameInput(value: string): string {
  return value
    .toLowerCase()
    .replace(/[^a-z0-9.-]/g, '')
    .slice(0, USERNAME_MAX);
}

/** Spec: derived from the display name or the email's local part, letters and digits, ≤ 20. */
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

/** Candidates to offer when a wanted name is taken or invalid; the caller keeps the free ones. */
export function suggestionCandidates(wanted: string, fallback: string, random = Math.random) {
  const base =
    wanted
      .replace(/[^a-z0-9.-]/g, '')
      .replace(/^[.-]+|[.-]+$/g, '')
      .replace(/\.{2,}/g, '.')
      .slice(0, 24) || fallback;
  const stem = base.length >= USERNAME_MIN ? base : `${base}${fallback}`.slice(0, 24);
  const candidates = [1, 2, 3].map((n) => `${stem}${n}`);
  candidates.push(`${stem}${new Date().getFullYear() % 100}`);
  for (let i = 0; i < 4; i += 1) candidates.push(`${stem}${Math.floor(100 + random() * 900)}`);
  return [...new Set(candidates)].filter((name) => usernameErrors(name).length === 0);
}

/** Whole hours until a change is allowed again (0 when it is). */
export function cooldownHoursLeft(changedAt: Date | null, now: Date): number {
  if (!changedAt) return 0;
  const left = changedAt.getTime() + USERNAME_COOLDOWN_MS - now.getTime();
  return left > 0 ? Math.ceil(left / 3_600_000) : 0;
}
