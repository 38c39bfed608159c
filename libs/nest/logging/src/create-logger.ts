import { pino, type Logger, type LevelWithSilent } from 'pino';
import { isSpanContextValid, trace } from '@opentelemetry/api';
import { currentRequestContext } from './request-context.js';
import { scrubSecrets } from './scrub-secrets.js';

/** Never written to a log, wherever they appear in a logged object. */
export const REDACTED_PATHS = [
  'password',
  '*.password',
  'newPassword',
  '*.newPassword',
  'token',
  '*.token',
  'accessToken',
  '*.accessToken',
  'refreshToken',
  '*.refreshToken',
  'idToken',
  '*.idToken',
  'setupToken',
  '*.setupToken',
  'secret',
  '*.secret',
  'clientSecret',
  '*.clientSecret',
  'code_verifier',
  '*.code_verifier',
  'codeVerifier',
  '*.codeVerifier',
  'oidcResult',
  '*.oidcResult',
  'cookie',
  '*.cookie',
  'cookies',
  '*.cookies',
  'oobCode',
  '*.oobCode',
  'authorization',
  '*.authorization',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  // A failed query's bound values (TypeORM's QueryFailedError): codes, hashes, addresses.
  'err.parameters',
  'err.driverError.parameters',
  '*.err.parameters',
  'req.headers["x-api-key"]',
];

export interface LoggerOptions {
  /**
   * Redact secrets inside strings (query values, bearer tokens, JWTs) on every line. Only the
   * outbox mailer's link logger of a non-production run turns it off.
   */
  scrubSecrets?: boolean;
}

/**
 * JSON logs, one line each, tagged with the service, the current request id and, inside a
 * span (tracing on, docs/operations.md), its `trace_id` and `span_id`.
 */
export function createLogger(
  service: string,
  level: LevelWithSilent = 'info',
  destination?: pino.DestinationStream,
  options: LoggerOptions = {},
): Logger {
  return pino(
    {
      level,
      base: { service },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
      hooks: options.scrubSecrets === false ? {} : { streamWrite: scrubSecrets },
      mixin() {
        const request = currentRequestContext();
        return {
          ...(request ? { requestId: request.requestId, userId: request.userId } : {}),
          ...traceIds(),
        };
      },
    },
    destination,
  );
}

/** The active span's ids; none when tracing is off (the API's no-op has no active span). */
function traceIds(): { trace_id?: string; span_id?: string } {
  const span = trace.getActiveSpan()?.spanContext();
  return span && isSpanContextValid(span) ? { trace_id: span.traceId, span_id: span.spanId } : {};
}
