import { loadConfigOrExit, tracingEnv } from '@snaptrack/nest-config';

/**
 * Starts OpenTelemetry tracing for this process when OTEL_EXPORTER_OTLP_ENDPOINT is set; without
 * it nothing is loaded and nothing is added to a request (the API stays a no-op). Call it first
 * in a process's entry point and import the rest of the process afterwards, dynamically: the
 * instrumentations patch http, express and pg as they are imported (docs/operations.md, Traces).
 * `publicEntry`: the process takes requests from outside, whose trace flags it does not obey
 * (sampler.ts).
 */
export async function startTracing(
  processName: string,
  { publicEntry = false }: { publicEntry?: boolean } = {},
): Promise<boolean> {
  const env = loadConfigOrExit(processName, tracingEnv);
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT) return false;
  const { startTracingSdk } = await import('./tracing-sdk.js');
  await startTracingSdk({
    endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT,
    serviceName: env.OTEL_SERVICE_NAME ?? processName,
    ratio: env.OTEL_TRACES_SAMPLER_ARG,
    publicEntry,
  });
  return true;
}
