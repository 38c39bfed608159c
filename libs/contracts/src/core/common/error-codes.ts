/**
 * Every error code any service or the gateway may return. The gateway maps each one to an
 * HTTP status and user-facing message in one exhaustive switch, so adding a code here
 * without mapping it fails the build.
 */
export const ErrorCodes = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'TOKEN_REVOKED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'EXPIRED_ACTION_CODE',
  'INVALID_ACTION_CODE',
  'USED_ACTION_CODE',
  'WEAK_PASSWORD',
  'INVALID_TOKEN',
  'EMAIL_IN_USE',
  'USERNAME_TAKEN',
  'USERNAME_INVALID',
  'USERNAME_COOLDOWN',
  'PROVIDER_NOT_CONFIGURED',
  'PROVIDER_ALREADY_LINKED',
  'CREDENTIAL_ALREADY_IN_USE',
  'EMAIL_MISMATCH',
  'SIGN_IN_CANCELLED',
  'REQUIRES_RECENT_LOGIN',
  'SOCIAL_SIGN_IN_FAILED',
  'CHECKOUT_FAILED',
  'PAYMENT_NOT_COMPLETED',
  'NO_SUBSCRIPTION',
  'BILLING_DISABLED',
  'SUBSCRIPTION_REQUIRED',
  'STORAGE_QUOTA_EXCEEDED',
  'WEBHOOK_SIGNATURE_INVALID',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'SERVICE_UNAVAILABLE',
  'SERVICE_TIMEOUT',
  'UNKNOWN_PATTERN',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ErrorCodes)[number];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ErrorCodes as readonly string[]).includes(value);
}
