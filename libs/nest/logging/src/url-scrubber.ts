import type { Span, SpanProcessor } from '@opentelemetry/sdk-trace-node';
import { scrubSecrets } from './scrub-secrets.js';

/** Span attributes that hold a URL or its query string (old and stable HTTP conventions). */
const URL_ATTRIBUTES = ['http.url', 'http.target', 'url.full'];

/**
 * Every query value out of the HTTP spans' URLs, as out of log lines (scrubSecrets): an OAuth
 * callback's code, a reset link's token or a presigned URL's signature must not reach the trace
 * store either.
 */
export class UrlScrubber implements SpanProcessor {
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
