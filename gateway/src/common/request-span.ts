import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  context,
  propagation,
  trace,
  type Span,
} from '@opentelemetry/api';
import type { NextFunction, Request, Response } from 'express';
import { methodLabel, routeLabel } from '../metrics/http-metrics.js';
import { loggablePath } from './access-log.js';

const tracer = trace.getTracer('@snaptrack/gateway');

/** Probes: a span each would bury the requests worth looking at. */
const UNTRACED_PATHS = /^\/api\/health\//;

/**
 * Express middleware (tracing on only): the request's server span, `GET /api/expenses/:id`,
 * continuing the caller's W3C `traceparent`; everything the request does (bus calls, log lines)
 * runs inside it. One span made here replaces the http and express instrumentations' work on
 * every request, which cost more than the rest of tracing (docs/benchmarks.md). The path is
 * recorded without its query or a session id in it, as in the access log.
 */
export function requestSpan(req: Request, res: Response, next: NextFunction): void {
  if (UNTRACED_PATHS.test(req.url)) {
    next();
    return;
  }
  const method = methodLabel(req.method);
  const parent =
    req.headers.traceparent === undefined
      ? ROOT_CONTEXT
      : propagation.extract(ROOT_CONTEXT, req.headers);
  const span = tracer.startSpan(method, { kind: SpanKind.SERVER }, parent);
  // A request the sampler left out still gets ids (its log lines carry them), nothing more: its
  // span records nothing, so nothing waits for the answer to end it.
  if (span.isRecording()) {
    span.setAttributes({ 'http.request.method': method, 'url.path': loggablePath(req.url) });
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      endRequestSpan(span, method, routeLabel(req), res);
    };
    res.once('finish', finish);
    res.once('close', finish);
  }
  context.with(trace.setSpan(parent, span), next);
}

/** Names the span by the route Express matched (never the raw path) and ends it. */
export function endRequestSpan(
  span: Span,
  method: string,
  route: string,
  res: Pick<Response, 'statusCode'>,
): void {
  if (route !== 'unmatched') {
    span.updateName(`${method} ${route}`);
    span.setAttribute('http.route', route);
  }
  span.setAttribute('http.response.status_code', res.statusCode);
  // Server spans fail on 5xx only (HTTP semantic conventions); a client leaving early is no error.
  if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end();
}
