import { z } from 'zod';

/**
 * OpenTelemetry tracing (docs/operations.md, Traces). Read before anything else at a process's
 * start (`startTracing`), since the instrumentations must be in place before the code they patch
 * is imported; part of every process's schema so a bad value fails the boot like any other.
 */
export const tracingEnv = z.object({
  /**
   * Base URL of an OTLP/HTTP receiver (a collector or Jaeger, e.g. `http://jaeger:4318`); spans
   * go to `<url>/v1/traces`. Unset or empty: tracing is off, no SDK is started.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.preprocess(
    // Compose passes an unset variable on as an empty one.
    (value) => (value === '' ? undefined : value),
    z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' }).optional(),
  ),
  /**
   * The share of traces recorded, 0 to 1: the gateway decides for each request (whatever the
   * caller's `traceparent` says) and everything after it follows. Default 1, every request;
   * production deployments ship 0.1, which costs less (docs/operations.md, Traces).
   */
  OTEL_TRACES_SAMPLER_ARG: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce
      .number({ error: 'must be a number from 0 to 1' })
      .min(0, { error: 'must be a number from 0 to 1' })
      .max(1, { error: 'must be a number from 0 to 1' })
      .default(1),
  ),
  /**
   * The OpenTelemetry SDK's sampler choice: SnapTrack's sampler is fixed (what this name says,
   * the gateway not obeying its callers), so any other value is refused rather than ignored.
   */
  OTEL_TRACES_SAMPLER: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .literal('parentbased_traceidratio', {
        error: 'only parentbased_traceidratio: set the share with OTEL_TRACES_SAMPLER_ARG',
      })
      .optional(),
  ),
  /** The `service.name` of this process's spans; defaults to the process name. */
  OTEL_SERVICE_NAME: z.string().min(1).max(100).optional(),
});

export type TracingEnv = z.infer<typeof tracingEnv>;
