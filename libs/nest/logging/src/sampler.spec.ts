import { describe, expect, it } from '@jest/globals';
import { ROOT_CONTEXT, SpanKind, TraceFlags, trace, type Context } from '@opentelemetry/api';
import { SamplingDecision, type Sampler } from '@opentelemetry/sdk-trace-node';
import { samplerFor } from './sampler.js';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const SAMPLED = SamplingDecision.RECORD_AND_SAMPLED;
const LEFT_OUT = SamplingDecision.NOT_RECORD;

/** A context whose parent span came from elsewhere (`remote`) or from this process. */
function under(flags: TraceFlags, { remote }: { remote: boolean }): Context {
  return trace.setSpanContext(ROOT_CONTEXT, {
    traceId: TRACE_ID,
    spanId: '00f067aa0ba902b7',
    traceFlags: flags,
    isRemote: remote,
  });
}

const decide = (sampler: Sampler, parent: Context = ROOT_CONTEXT, traceId = TRACE_ID) =>
  sampler.shouldSample(parent, traceId, 'GET', SpanKind.SERVER, {}, []).decision;

/** The share of `count` new traces (random ids) the sampler records. */
function shareRecorded(sampler: Sampler, count: number): number {
  let recorded = 0;
  for (let i = 0; i < count; i += 1) {
    const traceId = Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16));
    if (decide(sampler, ROOT_CONTEXT, traceId.join('')) === SAMPLED) recorded += 1;
  }
  return recorded / count;
}

describe.each([false, true])('samplerFor (publicEntry %s)', (publicEntry) => {
  it('records every new trace at 1 and none at 0', () => {
    expect(decide(samplerFor({ ratio: 1, publicEntry }))).toBe(SAMPLED);
    expect(decide(samplerFor({ ratio: 0, publicEntry }))).toBe(LEFT_OUT);
  });

  it('records about the ratio of new traces', () => {
    // 20,000 draws at 0.1: one standard deviation is 0.2 points, the bounds over 9.
    const share = shareRecorded(samplerFor({ ratio: 0.1, publicEntry }), 20_000);
    expect(share).toBeGreaterThan(0.08);
    expect(share).toBeLessThan(0.12);
  });

  it('follows the decision of a parent span in the same process, whatever the ratio', () => {
    expect(
      decide(samplerFor({ ratio: 0, publicEntry }), under(TraceFlags.SAMPLED, { remote: false })),
    ).toBe(SAMPLED);
    expect(
      decide(samplerFor({ ratio: 1, publicEntry }), under(TraceFlags.NONE, { remote: false })),
    ).toBe(LEFT_OUT);
  });
});

describe('samplerFor a service (behind the bus)', () => {
  it('follows the decision that came with the message, so a trace is recorded whole or not at all', () => {
    const none = samplerFor({ ratio: 0, publicEntry: false });
    const all = samplerFor({ ratio: 1, publicEntry: false });
    expect(decide(none, under(TraceFlags.SAMPLED, { remote: true }))).toBe(SAMPLED);
    expect(decide(all, under(TraceFlags.NONE, { remote: true }))).toBe(LEFT_OUT);
  });
});

describe('samplerFor the gateway (requests from outside)', () => {
  it("does not record a request because its caller's traceparent asks for it", () => {
    const none = samplerFor({ ratio: 0, publicEntry: true });
    expect(decide(none, under(TraceFlags.SAMPLED, { remote: true }))).toBe(LEFT_OUT);
  });

  it("records a request its caller's traceparent marks as not sampled", () => {
    const all = samplerFor({ ratio: 1, publicEntry: true });
    expect(decide(all, under(TraceFlags.NONE, { remote: true }))).toBe(SAMPLED);
  });

  it('does not let a chosen trace id decide: the same id is sometimes recorded, sometimes not', () => {
    const half = samplerFor({ ratio: 0.5, publicEntry: true });
    const parent = under(TraceFlags.SAMPLED, { remote: true });
    const decisions = new Set(Array.from({ length: 200 }, () => decide(half, parent)));
    expect(decisions).toEqual(new Set([SAMPLED, LEFT_OUT]));
  });
});
