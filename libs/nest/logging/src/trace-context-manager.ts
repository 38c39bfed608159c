import { ROOT_CONTEXT, type Context } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { asyncState } from './request-context.js';

/**
 * OpenTelemetry's context manager, keeping the active context beside the request context in
 * their one AsyncLocalStorage (request-context.ts) rather than in a second one of its own.
 * `bind` (functions and event emitters, for the http instrumentation) is inherited and goes
 * through `with`; the parent's own storage is never used, so never enabled.
 */
export class SharedContextManager extends AsyncLocalStorageContextManager {
  override active(): Context {
    return asyncState.getStore()?.trace ?? ROOT_CONTEXT;
  }

  override with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(
    context: Context,
    fn: F,
    thisArg?: ThisParameterType<F>,
    ...args: A
  ): ReturnType<F> {
    const work = thisArg === undefined || thisArg === null ? fn : (fn.bind(thisArg) as F);
    return asyncState.run(
      { request: asyncState.getStore()?.request, trace: context },
      work,
      ...args,
    );
  }

  /** The experimental imperative form (the API this process uses has no caller of it). */
  override attach(context: Context): { dispose(): void } {
    const previous = asyncState.getStore();
    asyncState.enterWith({ request: previous?.request, trace: context });
    let disposed = false;
    return {
      dispose() {
        if (disposed) return;
        disposed = true;
        asyncState.enterWith(previous ?? {});
      },
    };
  }
}
