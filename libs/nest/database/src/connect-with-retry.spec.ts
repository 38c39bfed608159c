import type { DataSource } from 'typeorm';
import { connectWithRetry, isConnectionError } from './connect-with-retry.js';

/** A data source factory whose first `failures` initializations throw `error`. */
function flaky(failures: number, error: Error) {
  let made = 0;
  const create = () => {
    made += 1;
    const attempt = made;
    return {
      initialize: () =>
        attempt <= failures
          ? Promise.reject(error)
          : Promise.resolve({ attempt } as unknown as DataSource),
    } as unknown as DataSource;
  };
  return { create, made: () => made };
}

const refused = Object.assign(new Error('connect ECONNREFUSED 10.89.0.4:5432'), {
  code: 'ECONNREFUSED',
});

describe('connectWithRetry', () => {
  it('tries a fresh data source again after a connection error, until it connects', async () => {
    const source = flaky(2, new Error('Connection terminated due to connection timeout'));
    const retried: number[] = [];
    const connected = await connectWithRetry(source.create, {
      attempts: 5,
      pauseMs: 1,
      onRetry: (_error, attempt) => retried.push(attempt),
    });
    expect(connected).toEqual({ attempt: 3 });
    expect(retried).toEqual([1, 2]);
  });

  it('gives up after the last attempt with the last error', async () => {
    const source = flaky(10, refused);
    await expect(connectWithRetry(source.create, { attempts: 3, pauseMs: 1 })).rejects.toBe(
      refused,
    );
    expect(source.made()).toBe(3);
  });

  it('fails at once on an error that is not about reaching the database', async () => {
    const denied = Object.assign(new Error('password authentication failed for user "x"'), {
      code: '28P01',
    });
    const source = flaky(1, denied);
    await expect(connectWithRetry(source.create, { attempts: 5, pauseMs: 1 })).rejects.toBe(denied);
    expect(source.made()).toBe(1);
  });
});

describe('isConnectionError', () => {
  it('knows connection errors by code or by pg-pool message, and nothing else', () => {
    expect(isConnectionError(refused)).toBe(true);
    expect(isConnectionError(Object.assign(new Error('x'), { code: 'EAI_AGAIN' }))).toBe(true);
    expect(isConnectionError(new Error('timeout expired'))).toBe(true);
    expect(isConnectionError(new Error('relation "x" does not exist'))).toBe(false);
    expect(isConnectionError('ECONNREFUSED')).toBe(false);
  });
});
