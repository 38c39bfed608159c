import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RETRY_AFTER_FAILURE_MS, RatesSource } from './rates-source.js';

/** A local rates provider: answers 503 while `down`, else a Frankfurter table. */
function provider() {
  const state = { down: true, requests: 0 };
  const server = createServer((_req, res) => {
    state.requests += 1;
    if (state.down) {
      res.writeHead(503).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ base: 'EUR', date: '2026-11-27', rates: { USD: 1.05 } }));
  });
  return { state, server };
}

describe('RatesSource', () => {
  const { state, server } = provider();
  let source: RatesSource;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const quiet = { info: () => undefined, warn: () => undefined };
    source = new RatesSource(
      {
        EXCHANGE_RATES_URL: `http://127.0.0.1:${port}/latest`,
        EXCHANGE_RATES_TIMEOUT_MS: 2000,
        EXCHANGE_RATES_REFRESH_SECONDS: 3600,
      },
      quiet,
    );
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('tries a failed source again within a minute, and keeps good rates for the period', async () => {
    expect(await source.current()).toBeNull();
    state.down = false;
    // Still within the retry pause: no new request.
    expect(await source.current(Date.now() + 1000)).toBeNull();
    expect(state.requests).toBe(1);

    const table = await source.current(Date.now() + RETRY_AFTER_FAILURE_MS + 1000);
    expect(table?.base).toBe('EUR');
    expect(state.requests).toBe(2);

    // Good rates stand for the refresh period, well past the retry pause.
    state.down = true;
    expect((await source.current(Date.now() + 10 * RETRY_AFTER_FAILURE_MS))?.base).toBe('EUR');
    expect(state.requests).toBe(2);
  });
});
