import { describe, expect, it } from '@jest/globals';
import { Writable } from 'node:stream';
import { createLogger } from './create-logger.js';
import { requestContext } from './request-context.js';

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
    requestContext.run({ requestId: 'req-1' }, () => logger.info('hello'));
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
