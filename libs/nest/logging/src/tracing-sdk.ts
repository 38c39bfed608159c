import { register } from 'node:module';
import type { IncomingMessage } from 'node:http';
import { createAddHookMessageChannel } from 'import-in-the-middle';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { ExpressInstrumentation, ExpressLayerType } from '@opentelemetry/instrumentation-express';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import {
  BatchSpanProcessor,
  NodeTracerProvider,
  type Span,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-node';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { scrubSecrets } from './scrub-secrets.js';

export interface TracingSdkOptions {
  /** OTLP/HTTP base URL; spans are posted (JSON) to `<endpoint>/v1/traces`. */
  endpoint: string;
  serviceName: string;
}

/** Probes and scrapes: a span each would bury the requests worth looking at. */
const UNTRACED_PATHS = /^\/(?:api\/)?(?:health\/|metrics\b)/;

/**
 * The tracer provider (W3C trace context, batched OTLP/HTTP export) and the http, express and pg
 * instrumentations. The processes are ES modules: Nest imports express with `import`, which only
 * import-in-the-middle's loader hook sees, so it is registered here, before the process imports
 * its code; pg is CommonJS, loaded by TypeORM's `require`, and is patched through
 * require-in-the-middle. The loader hook wraps only the modules an instrumentation asked for.
 */
export async function startTracingSdk(options: TracingSdkOptions): Promise<void> {
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);

  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: options.serviceName }),
    spanProcessors: [
      new UrlScrubber(),
      new BatchSpanProcessor(
        new OTLPTraceExporter({ url: `${options.endpoint.replace(/\/+$/, '')}/v1/traces` }),
      ),
    ],
  });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request: IncomingMessage) =>
          UNTRACED_PATHS.test(request.url ?? ''),
      }),
      // Middleware layers (helmet, body parsers, …) would add a dozen spans to every request.
      new ExpressInstrumentation({ ignoreLayersType: [ExpressLayerType.MIDDLEWARE] }),
      // Queries outside any request (the outbox relay's polling) would each be a trace.
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
  await waitForAllMessagesAcknowledged();
}

/** Span attributes that hold a URL or its query string (old and stable HTTP conventions). */
const URL_ATTRIBUTES = ['http.url', 'http.target', 'url.full'];

/**
 * Every query value out of the HTTP spans' URLs, as out of log lines (scrubSecrets): an OAuth
 * callback's code or a reset link's token must not reach the trace store either.
 */
class UrlScrubber implements SpanProcessor {
  onStart(span: Span): void {
    for (const name of URL_ATTRIBUTES) {
      const value = span.attributes[name];
      if (typeof value === 'string') span.setAttribute(name, scrubSecrets(value));
    }
    if (typeof span.attributes['url.query'] === 'string')
      span.setAttribute('url.query', '[redacted]');
  }

  onEnd(): void {}

  forceFlush(): Promise<void> {
    return Promise.resolve();
  }

  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}
