// RabbitMQ's own Prometheus exporter (the rabbitmq_prometheus plugin, port 15692): the broker
// is the one that knows how many messages wait in each dead-letter queue, even while every
// SnapTrack process is down (docs/operations.md, Metrics). Prometheus scrapes its per-queue
// depths from /metrics/detailed (deploy/observability/prometheus.yml).
import { spawnSync } from 'node:child_process';

export const BROKER_METRICS_PORT = 15692;

/** The per-queue depth family only: one small page however many other objects the broker has. */
export const QUEUE_DEPTH_PATH = '/metrics/detailed?family=queue_coarse_metrics';

async function answers(url) {
  try {
    return (await fetch(`${url}/metrics`, { signal: AbortSignal.timeout(5_000) })).ok;
  } catch {
    return false;
  }
}

/**
 * The exporter's base URL for the broker of `rabbitmqUrl`. When it does not answer, turns it on
 * (`rabbitmq-plugins enable`, idempotent, online; seconds of Erlang start-up, so only then);
 * `{ ok: false, reason }` when that cannot reach the node (not root, another host), with the
 * command to run.
 */
export async function enableBrokerMetrics(rabbitmqUrl) {
  const url = `http://${new URL(rabbitmqUrl).hostname}:${BROKER_METRICS_PORT}`;
  if (await answers(url)) return { ok: true, url };
  const result = spawnSync('rabbitmq-plugins', ['enable', 'rabbitmq_prometheus'], {
    encoding: 'utf8',
    timeout: 180_000,
  });
  if (result.error || result.status !== 0) {
    const why = (result.error?.message ?? result.stderr ?? '').trim().split('\n')[0];
    return { ok: false, reason: `${why}; run: rabbitmq-plugins enable rabbitmq_prometheus` };
  }
  return { ok: true, url };
}
