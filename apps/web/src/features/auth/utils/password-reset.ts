/** The server's error code of a failed call (an ApiError), if it has one. */
export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return error instanceof Error && typeof code === 'string' ? code : undefined;
}

// The texts of the reset dialog and the reset-password page (docs/api.md, Accounts).
export const RESET_SENT_MESSAGE =
  'If an account exists with this email, you will receive a password reset link.';
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address';
export const FILL_ALL_FIELDS_MESSAGE = 'Please fill in all fields';
export const PASSWORDS_DIFFER_MESSAGE = 'Passwords do not match';
export const RESET_MIN_LENGTH = 6;
export const RESET_DONE_MESSAGE =
  'Your password has been reset successfully. Please sign in with your new password.';

/** Text, at sign, text, dot, text: a typo check only; the server decides. */
export function isEmailLike(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}

/** The forgot-password dialog's error for a failed request. */
export function resetRequestError(error: unknown): string {
  const code = errorCode(error);
  if (!code || !(error instanceof Error)) return 'An unexpected error occurred. Please try again.';
  switch (code) {
    case 'VALIDATION_FAILED':
      return 'Please enter a valid email address.';
    case 'RATE_LIMITED':
      return error.message; // 'Too many reset attempts. Please try again in an hour.'
    case 'NETWORK_ERROR':
      return 'Network error. Please check your connection and try again.';
    default:
      return 'An error occurred. Please try again later.';
  }
}

/** The reset page's message when the code cannot be verified. */
export function verifyError(error: unknown): string {
  const code = errorCode(error);
  if (code === 'EXPIRED_ACTION_CODE') {
    return 'This password reset link has expired. Please request a new one.';
  }
  if (code === 'INVALID_ACTION_CODE' || code === 'USED_ACTION_CODE') {
    return 'This password reset link is invalid or has already been used.';
  }
  return 'Unable to verify password reset link. Please request a new one.';
}

/** The reset page's message when the new password is refused. */
export function confirmError(error: unknown): string {
  const code = errorCode(error) ?? '';
  if (code === 'WEAK_PASSWORD') return 'Password is too weak. Please choose a stronger password.';
  if (['EXPIRED_ACTION_CODE', 'INVALID_ACTION_CODE', 'USED_ACTION_CODE'].includes(code)) {
    return verifyError(error);
  }
  return 'Failed to reset password. Please try again.';
}

/** Client checks of the reset form, in order; null when it may be sent. */
export function resetFormProblem(password: string, confirmation: string): string | null {
  if (!password || !confirmation) return FILL_ALL_FIELDS_MESSAGE;
  if (password !== confirmation) return PASSWORDS_DIFFER_MESSAGE;
  if ([...password].length < RESET_MIN_LENGTH) {
    return 'Password must be at least 6 characters long';
  }
  return null;
}
