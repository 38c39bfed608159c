import type { NextFunction, Request, Response } from 'express';
import client from 'prom-client';
// The metrics entry alone: the package's barrel loads Nest and the bus (seconds per unit test).
import { DURATION_BUCKETS, secondsSince, sharedMetric } from '@snaptrack/nest-rmq/metrics';

const requestDuration = sharedMetric(
  'http_request_duration_seconds',
  () =>
    new client.Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests the gateway answered: by route template, method and status code',
      labelNames: ['route', 'method', 'status'],
      buckets: DURATION_BUCKETS,
    }),
);

const inFlight = sharedMetric(
  'http_requests_in_flight',
  () =>
    new client.Gauge({
      name: 'http_requests_in_flight',
      help: 'HTTP requests the gateway is answering right now',
    }),
);

/** Methods we label by name; anything else a client invents counts as OTHER. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The label of a request's route: the template Express matched (`/api/expenses/:id`), never
 * the raw path, whose ids would make one series per expense. Requests no route matched (404s,
 * the SPA's files) share one label.
 */
export function routeLabel(req: Pick<Request, 'baseUrl'> & { route?: { path?: unknown } }): string {
  const path = req.route?.path;
  return typeof path === 'string' ? `${req.baseUrl}${path}` : 'unmatched';
}

export function methodLabel(method: string | undefined): string {
  return method && METHODS.has(method) ? method : 'OTHER';
}

/** Express middleware: times every request until its response is sent or the client left. */
export function httpMetrics(req: Request, res: Response, next: NextFunction): void {
  const started = process.hrtime.bigint();
  inFlight.inc();
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    inFlight.dec();
    requestDuration.observe(
      { route: routeLabel(req), method: methodLabel(req.method), status: String(res.statusCode) },
      secondsSince(started),
    );
  };
  res.once('finish', finish);
  res.once('close', finish);
  next();
}
