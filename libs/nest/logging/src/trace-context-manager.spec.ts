import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { EventEmitter } from 'node:events';
import { ROOT_CONTEXT, context, createContextKey } from '@opentelemetry/api';
import { asyncState, currentRequestId, runInRequestContext } from './request-context.js';
import { SharedContextManager } from './trace-context-manager.js';

const KEY = createContextKey('test');
const traced = (value: string) => ROOT_CONTEXT.setValue(KEY, value);
const activeValue = () => context.active().getValue(KEY);
const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('SharedContextManager', () => {
  beforeEach(() => {
    context.setGlobalContextManager(new SharedContextManager().enable());
  });
  afterEach(() => context.disable());

  it('keeps the active context in the request context storage, across awaits and timers', async () => {
    const outer = traced('outer');
    await context.with(outer, async () => {
      expect(asyncState.getStore()?.trace).toBe(outer);
      await tick();
      expect(activeValue()).toBe('outer');
      await context.with(traced('inner'), async () => {
        await tick();
        expect(activeValue()).toBe('inner');
      });
      expect(activeValue()).toBe('outer');
    });
    expect(context.active()).toBe(ROOT_CONTEXT);
  });

  it('keeps the request context inside a span and the span inside a request context', async () => {
    // The gateway: request id first, then the request's span.
    await runInRequestContext({ requestId: 'req-gateway' }, () =>
      context.with(traced('span'), async () => {
        await tick();
        expect(currentRequestId()).toBe('req-gateway');
        expect(activeValue()).toBe('span');
      }),
    );
    // A service: the message's trace first, then its request context.
    await context.with(traced('message'), () =>
      runInRequestContext({ requestId: 'req-service' }, async () => {
        await tick();
        expect(currentRequestId()).toBe('req-service');
        expect(activeValue()).toBe('message');
      }),
    );
  });

  it('binds functions and event emitters to a context, as the http instrumentation does', async () => {
    const bound = context.bind(traced('bound'), () => activeValue());
    expect(bound()).toBe('bound');

    const emitter = context.bind(traced('emitter'), new EventEmitter());
    const seen = new Promise((resolve) => emitter.on('data', () => resolve(activeValue())));
    await context.with(traced('elsewhere'), async () => {
      emitter.emit('data');
      expect(await seen).toBe('emitter');
    });
  });

  it('attaches a context until the token is disposed, keeping the request context', () => {
    runInRequestContext({ requestId: 'req-attach' }, () => {
      const token = new SharedContextManager().attach(traced('attached'));
      expect(activeValue()).toBe('attached');
      expect(currentRequestId()).toBe('req-attach');
      token.dispose();
      token.dispose();
      expect(activeValue()).toBeUndefined();
      expect(currentRequestId()).toBe('req-attach');
    });
  });
});
