// The error every API call rejects with, and how an error response becomes one. Free of the
// DOM and of the session, so the service worker (which sends the offline upload queue) uses it too.

/** What a call that got no answer at all rejects with. */
export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your connection and try again.';

/** Every failed call rejects with this: the HTTP status, the server's code and message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** The server's paywall: this account may not add receipts (402 SUBSCRIPTION_REQUIRED). */
export function isSubscriptionRequired(value: unknown): value is ApiError {
  return isApiError(value) && value.code === 'SUBSCRIPTION_REQUIRED';
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Turns an error response into an ApiError. Understands the envelope
 * `{success: false, error: {code, message}}`, a bare `{error: 'text'}` or `{message: 'text'}`,
 * and falls back to 'Request failed: {status}'.
 */
export function parseApiError(status: number, body: unknown): ApiError {
  const fallback = `Request failed: ${status}`;
  const fallbackCode = status === 401 ? 'UNAUTHENTICATED' : 'HTTP_ERROR';
  if (isRecord(body)) {
    const { error } = body;
    if (isRecord(error)) {
      const code = typeof error.code === 'string' && error.code ? error.code : fallbackCode;
      const message = typeof error.message === 'string' && error.message ? error.message : fallback;
      const details = isRecord(error.details) ? error.details : undefined;
      return new ApiError(status, code, message, details);
    }
    if (typeof error === 'string' && error) return new ApiError(status, fallbackCode, error);
    if (typeof body.message === 'string' && body.message) {
      return new ApiError(status, fallbackCode, body.message);
    }
  }
  return new ApiError(status, fallbackCode, fallback);
}
