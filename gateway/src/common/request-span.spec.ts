import { EventEmitter } from 'node:events';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { SpanKind, SpanStatusCode, context, propagation, trace } from '@opentelemetry/api';
import {
  InMemorySpanExporter,
  NodeTracerProvider,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-node';
import type { NextFunction, Request, Response } from 'express';
import { tracingGlobals } from '@snaptrack/nest-logging';
import { requestSpan } from './request-span.js';

const exporter = new InMemorySpanExporter();
const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
beforeAll(() => provider.register(tracingGlobals()));
beforeEach(() => exporter.reset());
afterAll(async () => {
  await provider.shutdown();
  trace.disable();
  context.disable();
  propagation.disable();
});

type FakeRequest = Partial<Request> & { route?: { path: string } };

/** Runs the middleware; `route` is what Express matches inside, `status` what it answers. */
function handle(
  request: FakeRequest,
  { route, status = 200, event = 'finish' }: { route?: string; status?: number; event?: string },
) {
  const req = { method: 'GET', headers: {}, baseUrl: '', ...request } as FakeRequest;
  const res = Object.assign(new EventEmitter(), { statusCode: status });
  let activeInside: string | undefined;
  const next: NextFunction = () => {
    activeInside = trace.getActiveSpan()?.spanContext().spanId;
    if (route) req.route = { path: route };
  };
  requestSpan(req as Request, res as unknown as Response, next);
  const listeners = res.listenerCount('finish') + res.listenerCount('close');
  res.emit(event);
  res.emit('close');
  return { spans: exporter.getFinishedSpans(), activeInside, listeners };
}

describe('requestSpan', () => {
  it('is one server span named by the route template, active for the handler', () => {
    const { spans, activeInside } = handle(
      { url: '/api/expenses/5b4c?token=abc' },
      { route: '/api/expenses/:id' },
    );
    expect(spans).toHaveLength(1);
    const [span] = spans;
    expect(span?.name).toBe('GET /api/expenses/:id');
    expect(span?.kind).toBe(SpanKind.SERVER);
    expect(activeInside).toBe(span?.spanContext().spanId);
    expect(span?.attributes).toEqual({
      'http.request.method': 'GET',
      'url.path': '/api/expenses/5b4c',
      'http.route': '/api/expenses/:id',
      'http.response.status_code': 200,
    });
  });

  it("continues the caller's W3C trace", () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const { spans } = handle(
      {
        method: 'POST',
        url: '/api/parse',
        headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
      },
      { route: '/api/parse', status: 202 },
    );
    expect(spans[0]?.spanContext().traceId).toBe(traceId);
    expect(spans[0]?.parentSpanContext?.spanId).toBe('00f067aa0ba902b7');
  });

  it("carries a caller's trace into bus messages but never its baggage", () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const req = {
      method: 'GET',
      url: '/api/expenses',
      headers: {
        traceparent: `00-${traceId}-00f067aa0ba902b7-01`,
        baggage: `padding=${'x'.repeat(4000)},userId=someone-else`,
      },
    } as unknown as Request;
    const sent: Record<string, string> = {};
    // What the bus client does for every message the request sends (traceHeaders).
    requestSpan(req, new EventEmitter() as unknown as Response, () =>
      propagation.inject(context.active(), sent),
    );
    expect(Object.keys(sent)).toEqual(['traceparent']);
    expect(sent.traceparent).toContain(traceId);
  });

  it('gives a request the sampler left out its ids for the log lines and records nothing', () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const { spans, activeInside, listeners } = handle(
      { url: '/api/entities', headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-00` } },
      { route: '/api/entities' },
    );
    expect(spans).toEqual([]);
    expect(activeInside).toMatch(/^[0-9a-f]{16}$/);
    // Nothing to end, so nothing listens for the answer.
    expect(listeners).toBe(0);
  });

  it('keeps session ids out of unmatched paths and fails on 5xx only', () => {
    const { spans } = handle(
      { method: 'PROPFIND', url: '/api/billing/local/checkout/cs_secret123' },
      { status: 503, event: 'close' },
    );
    expect(spans[0]?.name).toBe('OTHER');
    expect(spans[0]?.attributes['url.path']).toBe('/api/billing/local/checkout/[redacted]');
    expect(spans[0]?.status.code).toBe(SpanStatusCode.ERROR);
    expect(handle({ url: '/nope' }, { status: 404 }).spans[1]?.status.code).toBe(
      SpanStatusCode.UNSET,
    );
  });

  it('leaves health probes untraced', () => {
    expect(handle({ url: '/api/health/ready' }, {}).spans).toEqual([]);
  });
});
