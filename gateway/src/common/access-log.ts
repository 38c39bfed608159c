import type { IncomingMessage, ServerResponse } from 'node:http';
import { pinoHttp } from 'pino-http';
import type { Logger } from '@snaptrack/nest-logging';

/** Path segments that are bearer secrets: the local checkout and portal session ids. */
const SECRET_SEGMENT = /^(\/api\/billing\/local\/(?:checkout|portal)\/)[^/?#]+/;

/** The path without its query (codes, tokens, OIDC results) or a session id in it. */
export function loggablePath(url: string | undefined): string | undefined {
  return url?.split('?')[0]?.replace(SECRET_SEGMENT, '$1[redacted]');
}

/**
 * One JSON line per HTTP request with method, path, status and duration, tagged with the
 * request id the request-id middleware set. Health probes are left out to keep logs useful.
 */
export function accessLog(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId: (_req: IncomingMessage, res: ServerResponse) =>
      String(res.getHeader('X-Request-Id') ?? ''),
    autoLogging: { ignore: (req) => (req.url ?? '').startsWith('/api/health') },
    customLogLevel: (_req, res, error) =>
      error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    serializers: {
      req: (req: { method?: string; url?: string; id?: unknown }) => ({
        method: req.method,
        url: loggablePath(req.url),
        id: req.id,
      }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
    },
  });
}
