import { AsyncLocalStorage } from 'node:async_hooks';
import { context, createContextKey } from '@opentelemetry/api';

export interface RequestContext {
  requestId: string;
  userId?: string;
}

interface ContextStore {
  run<R>(store: RequestContext, work: () => R): R;
  getStore(): RequestContext | undefined;
}

const REQUEST = createContextKey('snaptrack.request');

/**
 * With tracing on, the request's context is a value of OpenTelemetry's context, whose context
 * manager already keeps one AsyncLocalStorage. A second one of our own would cost again on every
 * promise the process creates (Node 20 copies each store onto every new async resource).
 */
const inTracingContext: ContextStore = {
  run: (store, work) => context.with(context.active().setValue(REQUEST, store), work),
  getStore: () => context.active().getValue(REQUEST) as RequestContext | undefined,
};

let store: ContextStore = new AsyncLocalStorage<RequestContext>();

/** Holds the request id for the HTTP request or message being handled, for every log line. */
export const requestContext: ContextStore = {
  run: (value, work) => store.run(value, work),
  getStore: () => store.getStore(),
};

/** Tracing started (its context manager registered): keep the request context in its context. */
export function keepRequestContextInTracingContext(): void {
  store = inTracingContext;
}

export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}
