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
  /** The `service.name` of this process's spans; defaults to the process name. */
  OTEL_SERVICE_NAME: z.string().min(1).max(100).optional(),
});

export type TracingEnv = z.infer<typeof tracingEnv>;
