/** POST /api/auth/password: Account settings' Change password (docs/api.md, Accounts). */
export interface ChangePasswordBody {
  current_password: string;
  new_password: string;
}

/**
 * A chosen password follows the setup rule (8 characters); a reset link keeps the spec's 6.
 * The texts the form and the server share.
 */
export const ChangePasswordRules = {
  minLength: 8,
  maxLength: 1024,
} as const;

export const ChangePasswordMessages = {
  required: 'Please fill in all fields',
  mismatch: 'Passwords do not match',
  tooShort: `Password must be at least ${ChangePasswordRules.minLength} characters long`,
  tooLong: `Password can be at most ${ChangePasswordRules.maxLength} characters long`,
  wrongCurrent: 'Your current password is incorrect.',
  sameAsCurrent: 'Your new password must be different from your current one.',
  noPassword:
    'This account signs in with Google or Apple and has no password. Use "Forgot password?" on the sign-in page to add one.',
  changed: 'Your password has been changed. Your other devices have been signed out.',
} as const;
