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
