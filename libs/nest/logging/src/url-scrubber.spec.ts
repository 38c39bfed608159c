import { describe, expect, it } from '@jest/globals';
import {
  InMemorySpanExporter,
  NodeTracerProvider,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-node';
import { UrlScrubber } from './url-scrubber.js';

describe('UrlScrubber', () => {
  it('takes every query value out of URL attributes as a span starts', async () => {
    const exporter = new InMemorySpanExporter();
    const provider = new NodeTracerProvider({
      spanProcessors: [new UrlScrubber(), new SimpleSpanProcessor(exporter)],
    });
    provider
      .getTracer('test')
      .startSpan('GET', {
        attributes: {
          'url.full': 'https://bucket.s3.example/r.jpg?X-Amz-Signature=deadbeef&X-Amz-Expires=60',
          'http.url': 'https://api.example/cb?code=abc123&state=xyz',
          'http.target': '/reset?token=eyJabc',
          'url.query': 'code=abc123',
          'http.method': 'GET',
        },
      })
      .end();
    const [span] = exporter.getFinishedSpans();
    expect(span?.attributes).toEqual({
      'url.full':
        'https://bucket.s3.example/r.jpg?X-Amz-Signature=[redacted]&X-Amz-Expires=[redacted]',
      'http.url': 'https://api.example/cb?code=[redacted]&state=[redacted]',
      'http.target': '/reset?token=[redacted]',
      'url.query': '[redacted]',
      'http.method': 'GET',
    });
    await provider.shutdown();
  });
});
