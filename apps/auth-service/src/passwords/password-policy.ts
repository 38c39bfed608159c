/** Minimums (docs/api.md, Accounts): a reset needs 6 characters, a first password (setup) 8. */
export const RESET_MIN_LENGTH = 6;
export const SETUP_MIN_LENGTH = 8;

export const WEAK_PASSWORD_MESSAGE = 'Password is too weak. Please choose a stronger password.';

// The most common passwords of the public breach corpora (ASVS 6.2.4 asks for the top 3,000; the
// head of the list is where nearly all guessing succeeds). Compared lowercased.
const COMMON = new Set(
  (
    '123456 1234567 12345678 123456789 1234567890 password password1 password123 passw0rd ' +
    'qwerty qwerty123 qwertyuiop abc123 abcdef abcd1234 111111 000000 123123 654321 666666 ' +
    '121212 112233 123321 987654321 iloveyou admin admin123 welcome welcome1 letmein ' +
    'monkey dragon football baseball master shadow sunshine princess superman michael ' +
    'charlie 1q2w3e4r 1q2w3e4r5t zaq12wsx asdfgh asdfghjkl trustno1 starwars whatever ' +
    'freedom hello123 login changeme secret snaptrack snaptrack1 qazwsx 7777777 aa123456'
  ).split(' '),
);

/**
 * Why a password cannot be used, or null. Length counts characters, not bytes, so Unicode
 * passwords are fine; no composition rules (ASVS 6.2.5); verified exactly as typed.
 */
export function passwordProblem(
  password: string,
  minLength: number,
  email?: string,
): string | null {
  if ([...password].length < minLength) {
    return `Password must be at least ${minLength} characters long`;
  }
  const lowered = password.toLowerCase();
  const local = email?.toLowerCase().split('@')[0];
  if (
    COMMON.has(lowered) ||
    /^(.)\1+$/u.test(password) ||
    lowered === email?.toLowerCase() ||
    (local !== undefined && local.length >= 4 && lowered === local)
  ) {
    return WEAK_PASSWORD_MESSAGE;
  }
  return null;
}
