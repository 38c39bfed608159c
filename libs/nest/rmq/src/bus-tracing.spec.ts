import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ROOT_CONTEXT, SpanKind, context, propagation, trace } from '@opentelemetry/api';
import {
  InMemorySpanExporter,
  NodeTracerProvider,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-node';
import { tracingGlobals } from '@snaptrack/nest-logging';
import { contextFromHeaders, inBusSpan, markFailed, traceHeaders } from './bus-tracing.js';

describe('bus trace context with tracing off', () => {
  it('adds no header and runs the work as it is', async () => {
    expect(traceHeaders()).toEqual({});
    await expect(
      inBusSpan('send', 'a.b.c.v1', ROOT_CONTEXT, () => Promise.resolve(7)),
    ).resolves.toBe(7);
  });
});

describe('bus trace context with tracing on', () => {
  const exporter = new InMemorySpanExporter();
  const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  beforeAll(() => provider.register(tracingGlobals()));
  afterAll(async () => {
    await provider.shutdown();
    trace.disable();
    context.disable();
    propagation.disable();
  });

  it('continues the sender’s trace in the handler’s span across the headers', async () => {
    const headers = await inBusSpan('send', 'expenses.x.get.v1', context.active(), () =>
      Promise.resolve(traceHeaders()),
    );
    expect(headers.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    await inBusSpan('request', 'expenses.x.get.v1', contextFromHeaders(headers), () =>
      Promise.resolve(),
    );
    const [send, handle] = exporter.getFinishedSpans();
    expect(send?.name).toBe('send expenses.x.get.v1');
    expect(send?.kind).toBe(SpanKind.CLIENT);
    expect(handle?.name).toBe('process expenses.x.get.v1');
    expect(handle?.kind).toBe(SpanKind.SERVER);
    expect(handle?.spanContext().traceId).toBe(send?.spanContext().traceId);
    expect(handle?.parentSpanContext?.spanId).toBe(send?.spanContext().spanId);
  });

  it('makes no span in a trace left out, whose ids the work and its messages carry on', async () => {
    exporter.reset();
    const unsampled = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00';
    const parent = contextFromHeaders({ traceparent: unsampled });
    const seen = await inBusSpan('request', 'expenses.x.get.v1', parent, () =>
      inBusSpan('send', 'auth.y.get.v1', context.active(), () =>
        Promise.resolve({ ids: trace.getSpanContext(context.active()), headers: traceHeaders() }),
      ),
    );
    expect(seen.ids?.traceId).toBe('0af7651916cd43dd8448eb211c80319c');
    expect(seen.ids?.spanId).toBe('b7ad6b7169203331');
    expect(seen.headers.traceparent).toBe(unsampled);
    expect(exporter.getFinishedSpans()).toEqual([]);
    // A sampled caller's trace is recorded as before.
    await inBusSpan(
      'request',
      'expenses.x.get.v1',
      contextFromHeaders({ traceparent: unsampled.replace(/00$/, '01') }),
      () => Promise.resolve(),
    );
    expect(exporter.getFinishedSpans()).toHaveLength(1);
  });

  it('ignores headers that are not a trace context', () => {
    for (const headers of [undefined, 'x', { traceparent: 42 }, { traceparent: 'nonsense' }]) {
      expect(trace.getSpanContext(contextFromHeaders(headers))).toBeUndefined();
    }
  });

  it('marks a failed span with the error code, not its message', async () => {
    exporter.reset();
    const failure = Object.assign(new Error('postgres://u:secret@db failed'), { code: 'E_DB' });
    await expect(
      inBusSpan('event', 'ocr.y.done.v1', ROOT_CONTEXT, () => Promise.reject(failure)),
    ).rejects.toBe(failure);
    await inBusSpan('request', 'ocr.y.get.v1', ROOT_CONTEXT, () => {
      markFailed(new TypeError('quiet'));
      return Promise.resolve();
    });
    const [event, request] = exporter.getFinishedSpans();
    expect(event?.status).toEqual({ code: 2, message: 'E_DB' });
    expect(JSON.stringify([event?.events, event?.attributes])).not.toContain('secret');
    expect(request?.status).toEqual({ code: 2, message: 'TypeError' });
  });
});
