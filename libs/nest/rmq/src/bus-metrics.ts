import client from 'prom-client';
import type { DataSource } from 'typeorm';
import { DURATION_BUCKETS, metricsOn, sharedMetric } from './metrics.js';
import type { BusError } from './bus-error.js';

// The bus's metrics, in every process that sends or handles messages. Labels are message
// patterns (the fixed list in libs/contracts) and error codes: never ids or payloads.

const rpcDuration = sharedMetric(
  'snaptrack_bus_rpc_duration_seconds',
  () =>
    new client.Histogram({
      name: 'snaptrack_bus_rpc_duration_seconds',
      help: 'Requests sent over the bus until their answer: by pattern and outcome (ok, timeout or the error code)',
      labelNames: ['pattern', 'outcome'],
      buckets: DURATION_BUCKETS,
    }),
);

const handlerDuration = sharedMetric(
  'snaptrack_bus_handler_duration_seconds',
  () =>
    new client.Histogram({
      name: 'snaptrack_bus_handler_duration_seconds',
      help: 'Messages handled by this service: by pattern and outcome (ok, error)',
      labelNames: ['pattern', 'outcome'],
      buckets: DURATION_BUCKETS,
    }),
);

const queueWait = sharedMetric(
  'snaptrack_bus_queue_wait_seconds',
  () =>
    new client.Histogram({
      name: 'snaptrack_bus_queue_wait_seconds',
      help: 'Events from their outbox row to the start of their handler, by pattern',
      labelNames: ['pattern'],
      buckets: DURATION_BUCKETS,
    }),
);

/** Header with the event's creation time (ms since the epoch), set by the outbox relay. */
export const CREATED_AT_HEADER = 'x-snaptrack-created-at';

/** Seconds an event waited, from the header (ms, as text); undefined without a plausible one. */
export function queueWaitSeconds(header: unknown, now = Date.now()): number | undefined {
  if (typeof header !== 'string' || !/^\d{1,15}$/.test(header)) return undefined;
  return Math.max(0, (now - Number(header)) / 1000);
}

const redeliveries = sharedMetric(
  'snaptrack_bus_redeliveries_total',
  () =>
    new client.Counter({
      name: 'snaptrack_bus_redeliveries_total',
      help: 'Messages this service received again after a failed or unfinished delivery',
      labelNames: ['pattern'],
    }),
);

const deadLettered = sharedMetric(
  'snaptrack_bus_dead_lettered_total',
  () =>
    new client.Counter({
      name: 'snaptrack_bus_dead_lettered_total',
      help: 'Messages this service gave up on (sent to its dead-letter queue), by pattern and reason',
      labelNames: ['pattern', 'reason'],
    }),
);

/** Why a message went to the dead-letter queue (bounded: never the error text). */
export type DeadLetterReason = 'unparsable' | 'unknown_pattern' | 'misrouted' | 'retries_exhausted';

/** How a request ended for its caller: `ok`, `timeout`, or the bus error code. */
export function rpcOutcome(error: BusError | undefined, timedOut: boolean): string {
  if (timedOut) return 'timeout';
  return error ? error.code : 'ok';
}

export const busMetrics = {
  rpc(pattern: string, outcome: string, seconds: number): void {
    if (metricsOn()) rpcDuration.observe({ pattern, outcome }, seconds);
  },
  handled(pattern: string, outcome: 'ok' | 'error', seconds: number): void {
    if (metricsOn()) handlerDuration.observe({ pattern, outcome }, seconds);
  },
  waited(pattern: string, header: unknown): void {
    const seconds = queueWaitSeconds(header);
    if (seconds !== undefined && metricsOn()) queueWait.observe({ pattern }, seconds);
  },
  redelivered(pattern: string): void {
    if (metricsOn()) redeliveries.inc({ pattern });
  },
  /** `pattern` only when a handler knows it; anything else would let a sender pick labels. */
  deadLettered(pattern: string | undefined, reason: DeadLetterReason): void {
    if (metricsOn()) deadLettered.inc({ pattern: pattern ?? 'unknown', reason });
  },
};

/** Outbox tables this process relays, read when Prometheus scrapes (one indexed query each). */
const outboxes = new Map<string, DataSource>();

interface OutboxSample {
  schema: string;
  waiting: number;
  age: number;
}

let lastSample: { at: number; rows: Promise<OutboxSample[]> } | undefined;

/** One query per outbox for both gauges of a scrape (the registry reads them concurrently). */
function sampleOutboxes(): Promise<OutboxSample[]> {
  if (lastSample && Date.now() - lastSample.at < 1_000) return lastSample.rows;
  const rows = Promise.all(
    [...outboxes].map(async ([schema, dataSource]) => {
      try {
        // The partial index outbox_unsent_idx holds exactly these rows.
        const [row] = await dataSource.query<{ waiting: number; age: number }[]>(
          `SELECT count(*)::int AS "waiting",
             COALESCE(EXTRACT(EPOCH FROM now() - min("created_at")), 0)::float8 AS "age"
           FROM "${schema}"."outbox" WHERE "sent_at" IS NULL`,
        );
        return [{ schema, waiting: row?.waiting ?? 0, age: row?.age ?? 0 }];
      } catch {
        return []; // the database is down: no sample rather than a failed scrape
      }
    }),
  ).then((lists) => lists.flat());
  lastSample = { at: Date.now(), rows };
  return rows;
}

function outboxGauge(name: string, help: string, value: (sample: OutboxSample) => number): void {
  sharedMetric(
    name,
    () =>
      new client.Gauge({
        name,
        help,
        labelNames: ['schema'],
        async collect() {
          const samples = await sampleOutboxes();
          this.reset();
          for (const sample of samples) this.set({ schema: sample.schema }, value(sample));
        },
      }),
  );
}

outboxGauge(
  'snaptrack_outbox_waiting_messages',
  'Outbox rows not yet published to the bus',
  (sample) => sample.waiting,
);
outboxGauge(
  'snaptrack_outbox_oldest_age_seconds',
  'Age of the oldest unpublished outbox row (0 when none waits)',
  (sample) => sample.age,
);

/** Called by the outbox relay: its table's backlog is reported on every scrape. */
export function watchOutbox(dataSource: DataSource, schema: string): void {
  outboxes.set(schema, dataSource);
}
