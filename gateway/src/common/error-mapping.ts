import type { ErrorCode } from '@snaptrack/contracts';

export interface HttpError {
  status: number;
  /** The user-facing text; undefined means the service's own message is shown. */
  message?: string;
}

/**
 * The one place error codes become HTTP. Exhaustive: a new code without a case here is a
 * compile error (the switch-exhaustiveness lint rule and the `never` check both catch it).
 */
export function httpErrorFor(code: ErrorCode): HttpError {
  switch (code) {
    case 'VALIDATION_FAILED':
      return { status: 400 };
    case 'UNAUTHENTICATED':
      return { status: 401, message: 'No authenticated user' };
    case 'INVALID_CREDENTIALS':
      return { status: 401, message: 'Invalid email or password.' };
    case 'TOKEN_REVOKED':
      return { status: 401, message: 'Your session has ended. Please sign in again.' };
    case 'FORBIDDEN':
      return { status: 403, message: 'You do not have access to this.' };
    case 'NOT_FOUND':
      return { status: 404 };
    case 'CONFLICT':
      return { status: 409 };
    case 'RATE_LIMITED':
      return { status: 429 };
    case 'PAYLOAD_TOO_LARGE':
      return { status: 413 };
    case 'UNSUPPORTED_MEDIA_TYPE':
      return { status: 415 };
    case 'SERVICE_UNAVAILABLE':
      return {
        status: 503,
        message: 'The service is temporarily unavailable. Please try again shortly.',
      };
    case 'SERVICE_TIMEOUT':
      return { status: 504, message: 'The service took too long to answer. Please try again.' };
    case 'UNKNOWN_PATTERN':
    case 'INTERNAL':
      return { status: 500, message: 'An error occurred. Please try again later.' };
    default:
      return assertUnreachable(code);
  }
}

function assertUnreachable(value: never): never {
  throw new Error(`Unmapped error code: ${String(value)}`);
}
