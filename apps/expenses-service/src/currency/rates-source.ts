import { Inject, Injectable } from '@nestjs/common';
import { LOGGER, type Logger } from '@snaptrack/nest-logging';
import { type ExpensesConfig } from '../config/env.js';
import { EXPENSES_CONFIG } from '../tokens.js';
import { parseRatesTable, type RatesTable } from './rates-table.js';

/** A rates table is a few kilobytes; an answer beyond this is not one. */
export const MAX_RATES_BYTES = 256 * 1024;

/** A failed fetch is tried again this soon (or at the refresh period, if that is shorter). */
export const RETRY_AFTER_FAILURE_MS = 60_000;

type RatesConfig = Pick<
  ExpensesConfig,
  'EXCHANGE_RATES_URL' | 'EXCHANGE_RATES_TIMEOUT_MS' | 'EXCHANGE_RATES_REFRESH_SECONDS'
>;

/**
 * The deployment's rates source (EXCHANGE_RATES_URL; none by default). The table is fetched
 * at most once per EXCHANGE_RATES_REFRESH_SECONDS and shared by concurrent callers. A source
 * that is down, slow, too big or says anything invalid gives no table until the next try, and
 * a log line: an expense then simply gets no rate, it never fails.
 */
@Injectable()
export class RatesSource {
  private latest?: { table: RatesTable | null; at: number };
  private pending?: Promise<RatesTable | null>;

  constructor(
    @Inject(EXPENSES_CONFIG) private readonly config: RatesConfig,
    @Inject(LOGGER) private readonly logger: Pick<Logger, 'info' | 'warn'>,
  ) {}

  /** No rates source (the demo seed, which writes expenses outside the service). */
  static none(): RatesSource {
    const quiet = { info: () => undefined, warn: () => undefined };
    return new RatesSource(
      {
        EXCHANGE_RATES_URL: undefined,
        EXCHANGE_RATES_TIMEOUT_MS: 1,
        EXCHANGE_RATES_REFRESH_SECONDS: 0,
      },
      quiet,
    );
  }

  get configured(): boolean {
    return this.config.EXCHANGE_RATES_URL !== undefined;
  }

  /** The current table, or null (no source, or the last try failed). */
  async current(now = Date.now()): Promise<RatesTable | null> {
    const url = this.config.EXCHANGE_RATES_URL;
    if (!url) return null;
    const refreshMs = this.config.EXCHANGE_RATES_REFRESH_SECONDS * 1000;
    // A source that was down an instant must not leave foreign expenses rateless for an hour.
    const maxAge = this.latest?.table ? refreshMs : Math.min(refreshMs, RETRY_AFTER_FAILURE_MS);
    if (this.latest && now - this.latest.at < maxAge) return this.latest.table;
    this.pending ??= this.fetchTable(url).finally(() => (this.pending = undefined));
    return this.pending;
  }

  private async fetchTable(url: string): Promise<RatesTable | null> {
    let table: RatesTable | null = null;
    try {
      const body = await fetchJson(url, this.config.EXCHANGE_RATES_TIMEOUT_MS);
      table = parseRatesTable(body, new Date().toISOString().slice(0, 10));
      this.logger.info({ base: table.base, date: table.date }, 'exchange rates fetched');
    } catch (error) {
      // The URL may carry an access key: only its origin goes into the log.
      this.logger.warn(
        { source: new URL(url).origin, reason: (error as Error).message },
        'exchange rates unavailable; foreign expenses get no rate until the next try',
      );
    }
    this.latest = { table, at: Date.now() };
    return table;
  }
}

/** GETs a JSON body of at most MAX_RATES_BYTES within `timeoutMs`, no redirects. */
async function fetchJson(url: string, timeoutMs: number): Promise<unknown> {
  const response = await fetch(url, {
    signal: AbortSignal.timeout(timeoutMs),
    redirect: 'error',
    headers: { accept: 'application/json' },
  });
  if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    // Leaving the loop cancels the stream: the rest is never read.
    if (size > MAX_RATES_BYTES) throw new Error(`answer larger than ${MAX_RATES_BYTES} bytes`);
    chunks.push(chunk);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
}
