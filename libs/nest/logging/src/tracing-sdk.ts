import { createRequire, register } from 'node:module';
import { createAddHookMessageChannel } from 'import-in-the-middle';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { traceQueries, type PgClientClass } from './pg-spans.js';
import { samplerFor, type SamplerOptions } from './sampler.js';
import { tracingGlobals } from './tracing-globals.js';
import { UrlScrubber } from './url-scrubber.js';

export interface TracingSdkOptions extends SamplerOptions {
  /** OTLP/HTTP base URL; spans are posted (JSON) to `<endpoint>/v1/traces`. */
  endpoint: string;
  serviceName: string;
}

/**
 * The tracer provider (W3C trace context and the context manager of tracing-globals.ts, the
 * share of traces sampler.ts records, batched OTLP/HTTP export), the http instrumentation
 * (outgoing) and our own Postgres query spans. The processes are ES modules: a library that
 * imports `node:http` with `import` is only seen by import-in-the-middle's loader hook, so it is
 * registered here, before the process imports its code; the loader hook wraps only the modules
 * an instrumentation asked for. pg is CommonJS, loaded by TypeORM's `require`: its one `Client`
 * class is patched here (pg-spans.ts).
 */
export async function startTracingSdk(options: TracingSdkOptions): Promise<void> {
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);

  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: options.serviceName }),
    sampler: samplerFor(options),
    spanProcessors: [
      new UrlScrubber(),
      new BatchSpanProcessor(
        new OTLPTraceExporter({ url: `${options.endpoint.replace(/\/+$/, '')}/v1/traces` }),
      ),
    ],
  });
  provider.register(tracingGlobals());
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      // Outgoing requests only (object storage, Stripe, OpenAI). The gateway makes its own
      // server span per request (gateway/src/common/request-span.ts): the http and express
      // instrumentations' work on every incoming request cost more than the rest of tracing.
      new HttpInstrumentation({ disableIncomingRequestInstrumentation: true }),
    ],
  });
  // The same module TypeORM and the gateway's rate limiter load (CommonJS shares one cache).
  const pg = createRequire(import.meta.url)('pg') as { Client: PgClientClass };
  traceQueries(pg.Client, provider.getTracer('@snaptrack/pg'));
  await waitForAllMessagesAcknowledged();
}
