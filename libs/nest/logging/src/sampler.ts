import {
  ParentBasedSampler,
  SamplingDecision,
  TraceIdRatioBasedSampler,
  type Sampler,
  type SamplingResult,
} from '@opentelemetry/sdk-trace-node';

/** Decides each call afresh, by chance: for traces whose id a client chose. */
class ChanceSampler implements Sampler {
  constructor(private readonly ratio: number) {}

  shouldSample(): SamplingResult {
    return {
      decision:
        Math.random() < this.ratio
          ? SamplingDecision.RECORD_AND_SAMPLED
          : SamplingDecision.NOT_RECORD,
    };
  }

  toString(): string {
    return `ChanceSampler{${this.ratio}}`;
  }
}

export interface SamplerOptions {
  /** The share of traces recorded, 0 to 1 (OTEL_TRACES_SAMPLER_ARG). */
  ratio: number;
  /**
   * The process takes requests from outside (the gateway): a caller's `traceparent` is
   * continued (its trace id kept) but has no say in whether the trace is recorded. Otherwise a
   * client could have every request of its own traced (its cost multiplied) or none (out of
   * sight), either by the sampled flag or by choosing trace ids the ratio keeps or drops.
   */
  publicEntry: boolean;
}

/**
 * Which traces are recorded. The first process of a trace decides, `ratio` of them, and every
 * span after it follows its parent's decision, across the bus and the outbox too (the flag
 * travels in `traceparent`), so a trace is recorded whole or not at all. A trace not recorded
 * still has ids: log lines carry them, and nothing else is kept.
 */
export function samplerFor({ ratio, publicEntry }: SamplerOptions): Sampler {
  if (!publicEntry) return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratio) });
  const chance = new ChanceSampler(ratio);
  return new ParentBasedSampler({
    root: chance,
    remoteParentSampled: chance,
    remoteParentNotSampled: chance,
  });
}
