import type { ErrorCode } from '@snaptrack/contracts';

/** An error raised by the gateway itself (before any service is asked). */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}
