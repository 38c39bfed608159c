import { RpcException } from '@nestjs/microservices';
import { isErrorCode, type ErrorCode, type ErrorEnvelope } from '@snaptrack/contracts';

/**
 * The one error type a service throws for an expected failure. It travels over the bus as
 * `{code, message, details}` and the gateway maps the code to HTTP.
 */
export class BusError extends RpcException {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super({ code, message, ...(details ? { details } : {}) } satisfies ErrorEnvelope);
  }

  toEnvelope(): ErrorEnvelope {
    return {
      code: this.code,
      message: this.message,
      ...(this.details ? { details: this.details } : {}),
    };
  }
}

const NO_HANDLER = 'There is no matching message handler defined in the remote service.';

/** Turns whatever came back from `send` (or its failure) into a BusError. */
export function toBusError(error: unknown): BusError {
  if (error instanceof BusError) return error;
  if (typeof error === 'object' && error !== null) {
    const candidate = error as Record<string, unknown>;
    if (isErrorCode(candidate.code) && typeof candidate.message === 'string') {
      const details = candidate.details as Record<string, unknown> | undefined;
      return new BusError(candidate.code, candidate.message, details);
    }
    if (candidate.name === 'TimeoutError') {
      return new BusError('SERVICE_UNAVAILABLE', 'The service did not answer in time.');
    }
  }
  const text = error instanceof Error ? error.message : String(error);
  if (text === NO_HANDLER) return new BusError('UNKNOWN_PATTERN', 'No handler for this message.');
  if (/connection|connect|ECONNREFUSED|channel closed/i.test(text)) {
    return new BusError('SERVICE_UNAVAILABLE', 'The message bus is not reachable.');
  }
  return new BusError('INTERNAL', 'Internal server error');
}

/**
 * Codes after which the caller cannot know whether the service did the work: it may not have
 * answered in time, or it failed after (or while) committing. Anything else a service answers
 * is a refusal made before it changed anything.
 */
const AMBIGUOUS_CODES: ReadonlySet<ErrorCode> = new Set([
  'SERVICE_UNAVAILABLE',
  'SERVICE_TIMEOUT',
  'INTERNAL',
]);

/** True only when the service said no and so stored nothing (see AMBIGUOUS_CODES). */
export function isDefiniteRefusal(error: unknown): boolean {
  return error instanceof BusError && !AMBIGUOUS_CODES.has(error.code);
}
