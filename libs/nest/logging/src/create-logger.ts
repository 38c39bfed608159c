import { pino, type Logger, type LevelWithSilent } from 'pino';
import { requestContext } from './request-context.js';

/** Never written to a log, wherever they appear in a logged object. */
export const REDACTED_PATHS = [
  'password',
  '*.password',
  'newPassword',
  '*.newPassword',
  'token',
  '*.token',
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
];

/** JSON logs, one line each, tagged with the service and the current request id. */
export function createLogger(
  service: string,
  level: LevelWithSilent = 'info',
  destination?: pino.DestinationStream,
): Logger {
  return pino(
    {
      level,
      base: { service },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
      mixin() {
        const store = requestContext.getStore();
        return store ? { requestId: store.requestId, userId: store.userId } : {};
      },
    },
    destination,
  );
}
