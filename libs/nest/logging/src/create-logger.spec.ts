import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Writable } from 'node:stream';
import { context, propagation, trace } from '@opentelemetry/api';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { createLogger } from './create-logger.js';
import { runInRequestContext } from './request-context.js';
import { tracingGlobals } from './tracing-globals.js';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { lines, stream };
}

describe('createLogger', () => {
  it('writes JSON with the service and the current request id', () => {
    const { lines, stream } = capture();
    const logger = createLogger('auth', 'info', stream);
    runInRequestContext({ requestId: 'req-1' }, () => logger.info('hello'));
    const line = JSON.parse(lines[0] ?? '{}') as Record<string, unknown>;
    expect(line).toMatchObject({ service: 'auth', requestId: 'req-1', msg: 'hello' });
  });

  it('redacts passwords, tokens and authorization headers', () => {
    const { lines, stream } = capture();
    const logger = createLogger('gateway', 'info', stream);
    logger.info(
      { body: { password: 'hunter2' }, req: { headers: { authorization: 'Bearer abc' } } },
      'login',
    );
    expect(lines[0]).not.toContain('hunter2');
    expect(lines[0]).not.toContain('Bearer abc');
    expect(lines[0]).toContain('[redacted]');
  });
});

describe('scrubbing secrets inside strings', () => {
  it('keeps query values, bearer tokens, JWTs and URL passwords out of every line', () => {
    const { lines, stream } = capture();
    const logger = createLogger('gateway', 'info', stream);
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJlLXZhbHVl';
    logger.info(
      { url: '/api/auth/oidc/callback?code=oidc-code-123&state=state-456' },
      'callback at /setup-password?token=setup-789',
    );
    logger.warn({ header: `Bearer opaque-token-value-1` }, `token ${jwt} refused`);
    logger.error(
      new Error('connect postgres://auth:db-password-1@db:5432/x failed, auth_token=cookie-1'),
    );
    const text = lines.join('');
    for (const secret of [
      'oidc-code-123',
      'state-456',
      'setup-789',
      'opaque-token-value-1',
      jwt,
      'db-password-1',
      'cookie-1',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('/api/auth/oidc/callback?code=[redacted]&state=[redacted]');
    for (const line of lines) expect(() => JSON.parse(line) as unknown).not.toThrow();
  });

  it('leaves out the bound values of a failed query', () => {
    const { lines, stream } = capture();
    const logger = createLogger('auth', 'info', stream);
    const error = Object.assign(new Error('duplicate key'), {
      query: 'SELECT 1 WHERE code_hash = $1',
      parameters: ['bound-secret-value'],
    });
    logger.error({ err: error }, 'query failed');
    expect(lines[0]).toContain('duplicate key');
    expect(lines[0]).not.toContain('bound-secret-value');
  });

  it('can be turned off for the outbox link logger of a local run', () => {
    const { lines, stream } = capture();
    const logger = createLogger('auth', 'info', stream, { scrubSecrets: false });
    logger.info({ link: 'http://localhost:8080/login?oobCode=abc' }, 'mail written to outbox');
    expect(lines[0]).toContain('oobCode=abc');
  });
});

describe('trace ids on log lines', () => {
  // The real SDK's provider and context manager (what startTracing registers), no exporter.
  const provider = new NodeTracerProvider();
  beforeAll(() => provider.register(tracingGlobals()));
  afterAll(async () => {
    await provider.shutdown();
    trace.disable();
    context.disable();
    propagation.disable();
  });

  it('carries trace_id and span_id of the active span, and none outside a span', () => {
    const { lines, stream } = capture();
    const logger = createLogger('expenses', 'info', stream);
    const ids = provider.getTracer('test').startActiveSpan('handle', (span) => {
      logger.info('inside');
      span.end();
      return span.spanContext();
    });
    logger.info('outside');
    const [inside, outside] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(ids.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(inside).toMatchObject({ msg: 'inside', trace_id: ids.traceId, span_id: ids.spanId });
    expect(outside).not.toHaveProperty('trace_id');
    expect(outside).not.toHaveProperty('span_id');
  });

  it('carries them across awaits inside the span, beside the request id', async () => {
    const { lines, stream } = capture();
    const logger = createLogger('expenses', 'info', stream);
    const ids = await provider.getTracer('test').startActiveSpan('handle', async (span) => {
      await runInRequestContext({ requestId: 'req-2' }, async () => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        logger.info('later');
      });
      span.end();
      return span.spanContext();
    });
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({
      requestId: 'req-2',
      trace_id: ids.traceId,
      span_id: ids.spanId,
    });
  });
});
