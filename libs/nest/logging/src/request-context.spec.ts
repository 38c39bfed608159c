import { afterAll, describe, expect, it } from '@jest/globals';
import { ROOT_CONTEXT, context, trace } from '@opentelemetry/api';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import {
  currentRequestId,
  keepRequestContextInTracingContext,
  requestContext,
} from './request-context.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

/** What every caller relies on, whichever store holds the context. */
async function followsTheWork(): Promise<void> {
  expect(currentRequestId()).toBeUndefined();
  const seen = await requestContext.run({ requestId: 'outer' }, async () => {
    await tick();
    const inner = await requestContext.run({ requestId: 'inner', userId: 'u1' }, async () => {
      await tick();
      return requestContext.getStore();
    });
    return [inner, currentRequestId()];
  });
  expect(seen).toEqual([{ requestId: 'inner', userId: 'u1' }, 'outer']);
  expect(currentRequestId()).toBeUndefined();
}

const provider = new NodeTracerProvider();
afterAll(async () => {
  await provider.shutdown();
  trace.disable();
  context.disable();
});

describe('requestContext', () => {
  it('follows the work across awaits and timers, nested runs inside', followsTheWork);

  describe('kept in the tracing context (tracing on)', () => {
    it('follows the work the same way', async () => {
      provider.register();
      keepRequestContextInTracingContext();
      await followsTheWork();
      // One store, not two: the request is a value of the tracing context, gone with it.
      requestContext.run({ requestId: 'r0' }, () => {
        expect(currentRequestId()).toBe('r0');
        expect(context.with(ROOT_CONTEXT, currentRequestId)).toBeUndefined();
      });
    });

    it('keeps the active span, and the span keeps the request', async () => {
      const tracer = provider.getTracer('test');
      await tracer.startActiveSpan('request', async (span) => {
        const inside = await requestContext.run({ requestId: 'r1' }, async () => {
          await tick();
          return [trace.getActiveSpan(), currentRequestId()];
        });
        span.end();
        expect(inside).toEqual([span, 'r1']);
      });
    });
  });
});
