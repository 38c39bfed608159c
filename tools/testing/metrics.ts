import { QUEUE_DEPTH_PATH } from '../lib/broker-metrics.mjs';
import { stack } from './stack-client.js';

/** One sample of Prometheus' text format: `name{label="value",…} value`. */
export interface MetricSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** Parses a /metrics page (comments skipped; escaped label values unescaped). */
export function parseMetrics(text: string): MetricSample[] {
  const samples: MetricSample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = SAMPLE.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const [, key, raw] of (match[2] ?? '').matchAll(LABEL)) {
      labels[key] = raw.replace(/\\n/g, '\n').replace(/\\(["\\])/g, '$1');
    }
    samples.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return samples;
}

/** The sum of the samples named `name` whose labels include all of `labels`. */
export function metricValue(
  samples: MetricSample[],
  name: string,
  labels: Record<string, string> = {},
): number {
  return samples
    .filter(
      (sample) =>
        sample.name === name &&
        Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
    )
    .reduce((sum, sample) => sum + sample.value, 0);
}

/** Reads one process's /metrics (the test stack gives each its own port). */
export async function scrapeMetrics(
  unit: string,
): Promise<{ text: string; samples: MetricSample[] }> {
  const response = await fetch(stack.metricsUrl(unit));
  if (response.status !== 200) throw new Error(`${unit} /metrics answered ${response.status}`);
  const text = await response.text();
  return { text, samples: parseMetrics(text) };
}

/**
 * RabbitMQ's own exporter, its per-queue depths (`rabbitmq_detailed_queue_messages{queue}`):
 * what the dead-letter alert reads. global-setup turns the plugin on.
 */
export async function scrapeBrokerQueues(): Promise<{ text: string; samples: MetricSample[] }> {
  const base = process.env.SNAPTRACK_BROKER_METRICS_URL;
  if (!base) {
    throw new Error(
      "RabbitMQ's Prometheus exporter is off: run rabbitmq-plugins enable rabbitmq_prometheus",
    );
  }
  const response = await fetch(`${base}${QUEUE_DEPTH_PATH}`);
  if (response.status !== 200) throw new Error(`RabbitMQ /metrics answered ${response.status}`);
  const text = await response.text();
  return { text, samples: parseMetrics(text) };
}
