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
    // Password reset and setup links: each page says whether to ask for a new link.
    case 'EXPIRED_ACTION_CODE':
      return {
        status: 400,
        message: 'This password reset link has expired. Please request a new one.',
      };
    case 'INVALID_ACTION_CODE':
    case 'USED_ACTION_CODE':
      return {
        status: 400,
        message: 'This password reset link is invalid or has already been used.',
      };
    case 'WEAK_PASSWORD':
      return { status: 400 };
    case 'INVALID_TOKEN':
      return {
        status: 400,
        message: 'This setup link has expired or already been used. Please contact support.',
      };
    case 'EMAIL_IN_USE':
      return { status: 409, message: 'This email is already in use' };
    case 'USERNAME_TAKEN':
      return { status: 409 };
    case 'USERNAME_INVALID':
      return { status: 400 };
    case 'USERNAME_COOLDOWN':
      return { status: 429 };
    // Google and Apple: the service names the provider.
    case 'PROVIDER_NOT_CONFIGURED':
      return { status: 404 };
    case 'PROVIDER_ALREADY_LINKED':
    case 'CREDENTIAL_ALREADY_IN_USE':
    case 'EMAIL_MISMATCH':
      return { status: 409 };
    case 'SIGN_IN_CANCELLED':
      return { status: 400, message: 'Sign-in cancelled.' };
    case 'REQUIRES_RECENT_LOGIN':
      return {
        status: 403,
        message: 'Please sign out and sign in again before linking a new provider.',
      };
    case 'SOCIAL_SIGN_IN_FAILED':
      return { status: 400 };
    // Signup and subscription (docs/api.md, Billing).
    case 'CHECKOUT_FAILED':
      return { status: 502, message: 'Failed to create checkout session' };
    case 'PAYMENT_NOT_COMPLETED':
      return { status: 402, message: 'Payment verification failed' };
    case 'NO_SUBSCRIPTION':
      return { status: 404, message: 'Unable to access billing portal. Please try again.' };
    case 'BILLING_DISABLED':
      return { status: 404 };
    // The server-side paywall and the storage quota (issue 14, items 3 and 5).
    case 'SUBSCRIPTION_REQUIRED':
      return { status: 402 };
    case 'STORAGE_QUOTA_EXCEEDED':
      return { status: 413 };
    case 'WEBHOOK_SIGNATURE_INVALID':
      return { status: 400 };
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
