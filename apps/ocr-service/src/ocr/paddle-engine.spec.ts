import { afterEach, describe, expect, it } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import { OcrEngineClosedError, OcrEngineError, OcrTimeoutError } from './ocr-engine.js';
import { PaddleEngine, type PaddleEngineOptions } from './paddle-engine.js';

const workerPath = fileURLToPath(new URL('./fake-paddle-worker.test-helper.mjs', import.meta.url));
const engines: PaddleEngine[] = [];

// Unit tests run niced beside the integration shards: a child process may take seconds to start
// or answer, so only the tests about timeouts use short ones (and only where the wait is certain).

function engine(options: PaddleEngineOptions = {}): PaddleEngine {
  const e = new PaddleEngine({
    workerPath,
    jobTimeoutMs: 30_000,
    startTimeoutMs: 30_000,
    ...options,
  });
  engines.push(e);
  return e;
}

const image = (command: string) => Buffer.from(command, 'utf8');

afterEach(async () => {
  await Promise.all(engines.splice(0).map((e) => e.close()));
});

describe('PaddleEngine', () => {
  it('recognises in the child and returns lines in reading order, NFKC-normalised', async () => {
    const result = await engine().recognize(image('TOTAL（RM）：9.00\nTHANK YOU'));
    expect(result.text).toBe('TOTAL(RM):9.00\nTHANK YOU');
    expect(result.lines?.map((l) => l.text)).toEqual(['TOTAL(RM):9.00', 'THANK YOU']);
    expect(result.confidence).toBeCloseTo(0.9);
  });

  it('restarts the child after it dies and fails only the job it was running', async () => {
    const e = engine();
    await expect(e.recognize(image('crash'))).rejects.toBeInstanceOf(OcrEngineError);
    await expect(e.recognize(image('AFTER'))).resolves.toMatchObject({ text: 'AFTER' });
  });

  it('kills a hung child after the job timeout and serves the next job from a new one', async () => {
    const e = engine({ jobTimeoutMs: 1_000 });
    await e.start();
    await expect(e.recognize(image('hang'))).rejects.toBeInstanceOf(OcrTimeoutError);
    await expect(e.recognize(image('NEXT'))).resolves.toMatchObject({ text: 'NEXT' });
  });

  it('passes on an error the child reports (after its own retry)', async () => {
    const e = engine();
    await expect(e.recognize(image('fail'))).rejects.toThrow('detect failed twice');
    await expect(e.recognize(image('OK'))).resolves.toMatchObject({ text: 'OK' });
  });

  it('runs jobs one at a time in order', async () => {
    const e = engine();
    const results = await Promise.all(['A', 'B', 'C'].map((t) => e.recognize(image(t))));
    expect(results.map((r) => r.text)).toEqual(['A', 'B', 'C']);
  });

  it('fails start-up when the child cannot load its models', async () => {
    const env = { ...process.env, FAKE_PADDLE_START: 'fatal' };
    await expect(engine({ env }).start()).rejects.toThrow('model file missing');
  });

  it('fails start-up after the start timeout when the child never gets ready', async () => {
    const env = { ...process.env, FAKE_PADDLE_START: 'hang' };
    await expect(engine({ env, startTimeoutMs: 300 }).start()).rejects.toBeInstanceOf(
      OcrTimeoutError,
    );
  });

  it('refuses work after close', async () => {
    const e = engine();
    await e.recognize(image('X'));
    await e.close();
    await expect(e.recognize(image('Y'))).rejects.toBeInstanceOf(OcrEngineClosedError);
  });
});
