import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import client from 'prom-client';

/**
 * Prometheus metrics (docs/operations.md, Metrics). One registry per process, prom-client's
 * default: every series carries a `service` label, so dashboards tell the processes apart.
 */
export const metricsRegistry = client.register;

/** Buckets for work from milliseconds (an RPC) up to a minute (an OCR job, a PDF). */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

let initialisedFor: string | undefined;

/**
 * Once per process: turns measuring on, with the `service` label on every series and Node's
 * default process metrics (`processMetrics: false` in tests that run a bus in jest's process).
 */
export function initMetrics(service: string, { processMetrics = true } = {}): void {
  if (initialisedFor !== undefined) return;
  initialisedFor = service;
  metricsRegistry.setDefaultLabels({ service });
  if (processMetrics) collectProcessMetrics();
}

/** Node's default process metrics that nothing here reads: no alert, panel or test. */
const UNREAD_DEFAULT_METRICS = new Set(['gc']);

/**
 * How often the event-loop delay histogram samples, in ms. prom-client's 10 wakes every idle
 * process 100 times a second (about 3 ms of CPU a second each, docs/benchmarks.md); the one
 * reader, the dashboard's lag p99, still sees every stall at 100, as the sample after it.
 */
const EVENT_LOOP_SAMPLE_MS = 100;

type DefaultCollector = (register: client.Registry, config: object) => void;

/**
 * prom-client's default process metrics but the GC histogram: its observer runs on every garbage
 * collection (+15–32% CPU in an allocation-heavy loop, docs/benchmarks.md) for a series nothing
 * reads. prom-client has no switch for one collector, so each is loaded from its own module, by
 * the list prom-client exports (prom-client is pinned: a renamed module fails at start-up).
 */
function collectProcessMetrics(): void {
  const require = createRequire(import.meta.url);
  const { metricsList } = require('prom-client/lib/defaultMetrics') as { metricsList: string[] };
  for (const name of metricsList) {
    if (UNREAD_DEFAULT_METRICS.has(name)) continue;
    const collect = require(`prom-client/lib/metrics/${name}`) as DefaultCollector;
    collect(metricsRegistry, { eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });
  }
}

/**
 * Whether this process measures at all (initMetrics ran): with metrics off (the gateway without
 * METRICS_PORT, a service with METRICS_ENABLED=false) the hot paths skip even the observing.
 */
export function metricsOn(): boolean {
  return initialisedFor !== undefined;
}

/** Answers `GET /metrics` in Prometheus' text format; false for any other request. */
export function serveMetrics(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') return false;
  metricsRegistry
    .metrics()
    .then((body) => res.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(body))
    .catch(() => res.writeHead(500).end());
  return true;
}

/** A listener with `/metrics` only (the gateway's METRICS_PORT, never behind the proxy). */
export function listenMetrics(port: number, host: string): Promise<Server> {
  const server = createServer((req, res) => {
    if (!serveMetrics(req, res)) res.writeHead(404).end();
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server.unref()));
  });
}

/**
 * A metric of the shared registry, created once: modules that are loaded twice (tests) or
 * several instances of one class must not register the same name again.
 */
export function sharedMetric<T extends client.Metric>(name: string, create: () => T): T {
  return (metricsRegistry.getSingleMetric(name) as T | undefined) ?? create();
}

/** Seconds since `start` (a `process.hrtime.bigint()` reading). */
export function secondsSince(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e9;
}
