import { AsyncLocalStorage } from 'node:async_hooks';
import type { Context } from '@opentelemetry/api';

export interface RequestContext {
  requestId: string;
  userId?: string;
}

/**
 * What follows a request or message through its async calls: its request context (every log
 * line's request id) and, with tracing on, OpenTelemetry's active context
 * (trace-context-manager.ts). One AsyncLocalStorage for both: on Node 20 each one in use is
 * copied onto every promise the process makes; a second one cost about 0.6% of a request's CPU
 * (docs/benchmarks.md, One AsyncLocalStorage).
 */
export interface AsyncState {
  request?: RequestContext;
  trace?: Context;
}

export const asyncState = new AsyncLocalStorage<AsyncState>();

/** Runs `work` with `request` as its request context, in the trace context it was called in. */
export function runInRequestContext<T>(request: RequestContext, work: () => T): T {
  return asyncState.run({ request, trace: asyncState.getStore()?.trace }, work);
}

export function currentRequestContext(): RequestContext | undefined {
  return asyncState.getStore()?.request;
}

export function currentRequestId(): string | undefined {
  return currentRequestContext()?.requestId;
}
