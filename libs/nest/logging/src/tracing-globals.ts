import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { SharedContextManager } from './trace-context-manager.js';

/**
 * What every process registers with its tracer provider: the context manager that shares the
 * request context's storage, and W3C trace context as the only propagator. No baggage: nothing
 * here reads it, and the gateway would otherwise take a caller's `baggage` header (up to 8 KB)
 * and copy it into every bus message the request sends.
 */
export function tracingGlobals() {
  return {
    contextManager: new SharedContextManager(),
    propagator: new W3CTraceContextPropagator(),
  };
}
