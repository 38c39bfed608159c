import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import {
  api,
  createTestAccount,
  exportedMetricNames,
  metricNamesInPromQL,
  renderReceipt,
  scrapeBrokerQueues,
  stack,
  uploadReceipt,
  waitForReceipt,
} from '@snaptrack/testing';
import { parse } from 'yaml';

// The dashboard and the alert rules in deploy/observability must read metrics the processes
// really export: every name their queries use is checked against the live /metrics of the test
// stack, after an upload went through the pipeline (docs/operations.md, Dashboard), or that
// RabbitMQ's own exporter really serves (the dead-letter depth).

const observability = join(process.cwd(), 'deploy/observability');

interface Panel {
  title: string;
  type: string;
  targets?: { expr: string }[];
  panels?: Panel[];
}

interface Dashboard {
  panels: Panel[];
  templating: { list: { name: string; definition?: string; query?: { query: string } }[] };
}

const dashboard = JSON.parse(
  readFileSync(join(observability, 'grafana/dashboards/snaptrack.json'), 'utf8'),
) as Dashboard;
const rules = parse(readFileSync(join(observability, 'alerts.yml'), 'utf8')) as {
  groups: { rules: { alert: string; expr: string }[] }[];
};

/** Prometheus' own series: not in any process's exposition. */
const PROMETHEUS_OWN = new Set(['up']);

const graphs = dashboard.panels
  .flatMap((panel) => [panel, ...(panel.panels ?? [])])
  .filter((panel) => panel.type !== 'row');
const alerts = rules.groups.flatMap((group) => group.rules);

let exported: Set<string>;
let perUnit: Record<string, Set<string>>;
let broker: Set<string>;

beforeAll(async () => {
  // Traffic through the receipt pipeline: an upload read by OCR, and a 404 for the error path.
  const owner = await createTestAccount('observability');
  const image = await renderReceipt({
    vendor: 'DASHBOARD CAFE',
    date: '2026-05-03',
    total: '7.10',
  });
  await api('/api/entities', { token: owner.token, body: { name: 'Dashboard Co' } });
  const upload = await uploadReceipt(owner.token, image, { entity: 'Dashboard Co' });
  expect(upload.status).toBe(202);
  const done = await waitForReceipt(owner.token, upload.body.expense.id as string);
  expect(done.status).toBe('ready');

  const urls = JSON.parse(process.env.SNAPTRACK_METRICS_URLS ?? '{}') as Record<string, string>;
  perUnit = {};
  for (const unit of Object.keys(urls)) {
    const response = await fetch(stack.metricsUrl(unit));
    expect([unit, response.status]).toEqual([unit, 200]);
    perUnit[unit] = exportedMetricNames(await response.text());
  }
  broker = exportedMetricNames((await scrapeBrokerQueues()).text);
  exported = new Set([...Object.values(perUnit).flatMap((names) => [...names]), ...broker]);
});

function missing(names: string[]): string[] {
  return names.filter((name) => !PROMETHEUS_OWN.has(name) && !exported.has(name));
}

describe('the Grafana dashboard', () => {
  it('has panels with queries, each reading at least one metric', () => {
    expect(graphs.length).toBeGreaterThanOrEqual(15);
    for (const panel of graphs) {
      expect([panel.title, (panel.targets?.length ?? 0) > 0]).toEqual([panel.title, true]);
      for (const target of panel.targets ?? []) {
        expect([panel.title, metricNamesInPromQL(target.expr).length > 0]).toEqual([
          panel.title,
          true,
        ]);
      }
    }
  });

  it('queries only metrics that a running process exports', () => {
    const unknown = graphs.flatMap((panel) =>
      (panel.targets ?? []).flatMap((target) =>
        missing(metricNamesInPromQL(target.expr)).map((name) => `${panel.title}: ${name}`),
      ),
    );
    expect(unknown).toEqual([]);
  });

  it('takes its service variable from a metric every process exports', () => {
    for (const variable of dashboard.templating.list) {
      const query = variable.query?.query ?? variable.definition ?? '';
      const metric = /label_values\(\s*([a-zA-Z_:][\w:]*)/.exec(query)?.[1];
      expect([variable.name, metric]).toEqual([variable.name, expect.any(String)]);
      for (const [unit, names] of Object.entries(perUnit)) {
        expect([unit, names.has(metric as string)]).toEqual([unit, true]);
      }
    }
  });

  it('shows the receipt pipeline: upload, queue wait, OCR duration and outcomes', () => {
    const used = new Set(
      graphs.flatMap((panel) => (panel.targets ?? []).flatMap((t) => metricNamesInPromQL(t.expr))),
    );
    for (const name of [
      'http_request_duration_seconds_count',
      'http_request_duration_seconds_bucket',
      'http_requests_in_flight',
      'snaptrack_bus_queue_wait_seconds_bucket',
      'snaptrack_ocr_job_duration_seconds_bucket',
      'snaptrack_ocr_job_duration_seconds_count',
      'snaptrack_outbox_waiting_messages',
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
    ]) {
      expect([name, used.has(name)]).toEqual([name, true]);
    }
  });
});

describe('the alert rules', () => {
  it('read only metrics that a running process or RabbitMQ exports (or up, from Prometheus)', () => {
    expect(alerts.map((rule) => rule.alert)).toHaveLength(7);
    const unknown = alerts.flatMap((rule) =>
      missing(metricNamesInPromQL(rule.expr)).map((name) => `${rule.alert}: ${name}`),
    );
    expect(unknown).toEqual([]);
  });

  it("alert on the depth of the dead-letter queues, as RabbitMQ's exporter counts it", () => {
    const depth = alerts.find((rule) => rule.alert === 'SnaptrackDeadLetterQueueNotEmpty');
    expect(metricNamesInPromQL(depth?.expr ?? '')).toEqual(['rabbitmq_detailed_queue_messages']);
    expect(broker.has('rabbitmq_detailed_queue_messages')).toBe(true);
  });

  it('would notice a metric that is not exported', () => {
    expect(missing(['snaptrack_dlq_depth_messages', 'up'])).toEqual([
      'snaptrack_dlq_depth_messages',
    ]);
  });
});
