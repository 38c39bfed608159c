// RabbitMQ's own Prometheus exporter (the rabbitmq_prometheus plugin, port 15692): the broker
// is the one that knows how many messages wait in each dead-letter queue, even while every
// SnapTrack process is down (docs/operations.md, Metrics). Prometheus scrapes its per-queue
// depths from /metrics/detailed (deploy/observability/prometheus.yml).
import { spawnSync } from 'node:child_process';

export const BROKER_METRICS_PORT = 15692;

/** The per-queue depth family only: one small page however many other objects the broker has. */
export const QUEUE_DEPTH_PATH = '/metrics/detailed?family=queue_coarse_metrics';

/**
 * Turns the exporter on in a local broker (`rabbitmq-plugins enable`, idempotent, online) and
 * returns its base URL; `{ ok: false, reason }` when rabbitmq-plugins cannot reach the node
 * (not root, another host), with the command to run.
 */
export function enableBrokerMetrics(rabbitmqUrl) {
  const host = new URL(rabbitmqUrl).hostname;
  const result = spawnSync('rabbitmq-plugins', ['enable', 'rabbitmq_prometheus'], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (result.error || result.status !== 0) {
    const why = (result.error?.message ?? result.stderr ?? '').trim().split('\n')[0];
    return { ok: false, reason: `${why}; run: rabbitmq-plugins enable rabbitmq_prometheus` };
  }
  return { ok: true, url: `http://${host}:${BROKER_METRICS_PORT}` };
}
