import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  TraceFlags,
  context,
  propagation,
  trace,
  type Context,
  type TextMapGetter,
} from '@opentelemetry/api';

/**
 * W3C trace context across the bus (docs/operations.md, Traces). Nest's RMQ transport is not
 * what the amqplib instrumentation understands (one publish per request through our own
 * exchange, replies on another channel), so the bus carries `traceparent`/`tracestate` in the
 * message headers itself: the sender injects them, ReliableRmqServer extracts them and runs the
 * handler in a span of their trace, and an outbox row keeps the context of the transaction that
 * wrote it. With tracing off every call here is the API's no-op: no header, no span.
 */
const tracer = trace.getTracer('@snaptrack/nest-rmq');

/** The trace context headers of `parent` (the active context); empty when tracing is off. */
export function traceHeaders(parent: Context = context.active()): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(parent, carrier);
  return carrier;
}

const headerGetter: TextMapGetter<Record<string, unknown>> = {
  keys: (carrier) => Object.keys(carrier),
  // Headers come from other processes: only plain strings count.
  get: (carrier, key) => {
    const value = carrier[key];
    return typeof value === 'string' ? value : undefined;
  },
};

/** The trace a message's headers (or a stored outbox carrier) continue; the root if none. */
export function contextFromHeaders(headers: unknown): Context {
  if (!headers || typeof headers !== 'object') return ROOT_CONTEXT;
  return propagation.extract(ROOT_CONTEXT, headers as Record<string, unknown>, headerGetter);
}

export type BusSpanKind = 'send' | 'publish' | 'request' | 'event';

const KINDS: Record<BusSpanKind, { kind: SpanKind; operation: string }> = {
  send: { kind: SpanKind.CLIENT, operation: 'send' },
  publish: { kind: SpanKind.PRODUCER, operation: 'publish' },
  request: { kind: SpanKind.SERVER, operation: 'process' },
  event: { kind: SpanKind.CONSUMER, operation: 'process' },
};

/**
 * Runs `work` in a span named `<operation> <pattern>` (messaging semantic conventions), a child
 * of `parent`. A thrown error marks the span failed and is rethrown; `markFailed` does the same
 * for an error that is handled (a request answered with an error).
 *
 * In a trace the sampler left out, no span is made: the work runs in `parent` itself, so its log
 * lines and the messages it sends carry that trace's ids. Most requests are not recorded
 * (OTEL_TRACES_SAMPLER_ARG), and a span that records nothing still costs ids and a context.
 */
export function inBusSpan<T>(
  spanKind: BusSpanKind,
  pattern: string,
  parent: Context,
  work: () => Promise<T>,
  messageId?: string,
): Promise<T> {
  const parentSpan = trace.getSpanContext(parent);
  if (parentSpan && (parentSpan.traceFlags & TraceFlags.SAMPLED) === 0) {
    return parent === context.active() ? work() : context.with(parent, work);
  }
  const { kind, operation } = KINDS[spanKind];
  return tracer.startActiveSpan(
    `${operation} ${pattern}`,
    {
      kind,
      attributes: {
        'messaging.system': 'rabbitmq',
        'messaging.operation.type': operation,
        'messaging.destination.name': pattern,
        ...(messageId ? { 'messaging.message.id': messageId } : {}),
      },
    },
    parent,
    async (span) => {
      try {
        return await work();
      } catch (error) {
        markFailed(error);
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

/**
 * Marks the active span failed with the error's code (a BusError's, else the error's name). Not
 * its message: spans are not scrubbed like log lines, and a message may quote a query or a URL.
 */
export function markFailed(error: unknown): void {
  const code = (error as { code?: unknown } | null)?.code;
  trace.getActiveSpan()?.setStatus({
    code: SpanStatusCode.ERROR,
    message: typeof code === 'string' ? code : error instanceof Error ? error.name : 'Error',
  });
}
