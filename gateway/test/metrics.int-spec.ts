import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from '@jest/globals';
import nodemailer from 'nodemailer';
import {
  api,
  createTestAccount,
  metricValue,
  renderReceipt,
  scrapeMetrics,
  stack,
  uploadReceipt,
  waitForReceipt,
  type MetricSample,
  type TestAccount,
} from '@snaptrack/testing';

// The test stack gives every process a metrics port of its own (tools/lib/stack.mjs,
// metricsPorts): the gateway's METRICS_PORT, each service's HEALTH_PORT.

let owner: TestAccount;
let expenseId: string;
let gateway: { text: string; samples: MetricSample[] };

beforeAll(async () => {
  owner = await createTestAccount('metrics');
  const image = await renderReceipt({ vendor: 'METRICS DELI', date: '2026-04-02', total: '12.40' });
  await api('/api/entities', { token: owner.token, body: { name: 'Metrics Co' } });
  const upload = await uploadReceipt(owner.token, image, { entity: 'Metrics Co' });
  expect([upload.status, upload.body]).toEqual([202, expect.anything()]);
  expenseId = upload.body.expense.id as string;
  const done = await waitForReceipt(owner.token, expenseId);
  expect(done.status).toBe('ready');
  // One route, many ids: an expense of the owner twice, and one that does not exist.
  expect((await api(`/api/expenses/${expenseId}/image`, { token: owner.token })).status).toBe(200);
  expect((await api(`/api/expenses/${expenseId}/image`, { token: owner.token })).status).toBe(200);
  expect((await api(`/api/expenses/${randomUUID()}/image`, { token: owner.token })).status).toBe(
    404,
  );
  gateway = await scrapeMetrics('gateway');
});

describe('gateway /metrics', () => {
  it('counts requests under their route template, method and status', () => {
    const { samples } = gateway;
    expect(
      metricValue(samples, 'http_request_duration_seconds_count', {
        route: '/api/parse',
        method: 'POST',
        status: '202',
        service: 'gateway',
      }),
    ).toBeGreaterThanOrEqual(1);
    const byId = { route: '/api/expenses/:id/image', method: 'GET' };
    expect(
      metricValue(samples, 'http_request_duration_seconds_count', { ...byId, status: '200' }),
    ).toBeGreaterThanOrEqual(2);
    expect(
      metricValue(samples, 'http_request_duration_seconds_count', { ...byId, status: '404' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      metricValue(samples, 'http_request_duration_seconds_bucket', { ...byId, le: '+Inf' }),
    ).toBeGreaterThanOrEqual(3);
  });

  it('never puts a raw path or an id into a label', () => {
    expect(gateway.text).not.toContain(expenseId);
    expect(gateway.text).not.toContain(owner.id);
    const routes = new Set(
      gateway.samples
        .filter((sample) => sample.name === 'http_request_duration_seconds_count')
        .map((sample) => sample.labels.route),
    );
    for (const route of routes) {
      expect(route).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    }
  });

  it('times the RPCs it sent by pattern and outcome', () => {
    expect(
      metricValue(gateway.samples, 'snaptrack_bus_rpc_duration_seconds_count', {
        pattern: 'expenses.receipt.create.v1',
        outcome: 'ok',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      metricValue(gateway.samples, 'snaptrack_bus_rpc_duration_seconds_count', {
        pattern: 'expenses.receipt.image.v1',
        outcome: 'NOT_FOUND',
      }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('shows the requests in flight and Node process metrics, labelled with the service', () => {
    expect(gateway.samples.some((s) => s.name === 'http_requests_in_flight')).toBe(true);
    expect(
      metricValue(gateway.samples, 'process_cpu_user_seconds_total', { service: 'gateway' }),
    ).toBeGreaterThan(0);
  });

  it('counts rate-limit refusals by the limit that was spent', async () => {
    const email = `metrics-limit-${randomUUID()}@example.com`;
    const before = metricValue(
      (await scrapeMetrics('gateway')).samples,
      'snaptrack_rate_limit_refusals_total',
      { limit: 'reset_account' },
    );
    // Five resets an hour per address (RATE_LIMIT_RESET_PER_ACCOUNT's default): the sixth is
    // refused at the edge.
    const statuses = await Promise.all(
      Array.from({ length: 6 }, () => api('/api/auth/password-reset', { body: { email } })),
    ).then((answers) => answers.map((answer) => answer.status));
    expect(statuses).toContain(429);
    const after = metricValue(
      (await scrapeMetrics('gateway')).samples,
      'snaptrack_rate_limit_refusals_total',
      { limit: 'reset_account' },
    );
    // auth-service has its own reset limit behind the edge's; only the edge's refusals count here.
    expect(after - before).toBeGreaterThanOrEqual(1);
    expect(after - before).toBeLessThanOrEqual(statuses.filter((status) => status === 429).length);
  });

  it('is not served on the public port', async () => {
    for (const path of ['/metrics', '/api/metrics']) {
      const response = await fetch(`${stack.baseUrl}${path}`);
      const text = await response.text();
      expect(text).not.toContain('http_request_duration_seconds');
      expect(text).not.toContain('process_cpu_user_seconds_total');
    }
  });
});

describe('expenses-service /metrics', () => {
  it('times the handlers of the upload and of the OCR result, and watches its outbox', async () => {
    const { samples } = await scrapeMetrics('expenses');
    expect(
      metricValue(samples, 'snaptrack_bus_handler_duration_seconds_count', {
        pattern: 'expenses.receipt.create.v1',
        outcome: 'ok',
        service: 'expenses',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      metricValue(samples, 'snaptrack_bus_handler_duration_seconds_count', {
        pattern: 'ocr.receipt.processed.v1',
        outcome: 'ok',
      }),
    ).toBeGreaterThanOrEqual(1);
    // The result waited in the bus from ocr's outbox row to this handler.
    expect(
      metricValue(samples, 'snaptrack_bus_queue_wait_seconds_count', {
        pattern: 'ocr.receipt.processed.v1',
      }),
    ).toBeGreaterThanOrEqual(1);
    const outbox = samples.find(
      (sample) =>
        sample.name === 'snaptrack_outbox_oldest_age_seconds' &&
        sample.labels.schema === 'expenses',
    );
    expect(outbox?.value).toBeGreaterThanOrEqual(0);
    expect(
      samples.some(
        (sample) =>
          sample.name === 'snaptrack_outbox_waiting_messages' &&
          sample.labels.schema === 'expenses',
      ),
    ).toBe(true);
    expect(
      metricValue(samples, 'nodejs_heap_size_used_bytes', { service: 'expenses' }),
    ).toBeGreaterThan(0);
  });
});

describe('ocr-service /metrics', () => {
  it('times the OCR job by engine and outcome, with pages, pixels and queue wait', async () => {
    const { samples } = await scrapeMetrics('ocr');
    const engine = { engine: 'tesseract', service: 'ocr' };
    expect(
      metricValue(samples, 'snaptrack_ocr_job_duration_seconds_count', {
        ...engine,
        outcome: 'ready',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(metricValue(samples, 'snaptrack_ocr_pages_read_total', engine)).toBeGreaterThanOrEqual(
      1,
    );
    expect(metricValue(samples, 'snaptrack_ocr_pixels_read_total', engine)).toBeGreaterThan(10_000);
    expect(
      metricValue(samples, 'snaptrack_bus_queue_wait_seconds_count', {
        pattern: 'ocr.receipt.process.v1',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      metricValue(samples, 'snaptrack_bus_handler_duration_seconds_count', {
        pattern: 'ocr.receipt.process.v1',
        outcome: 'ok',
      }),
    ).toBeGreaterThanOrEqual(1);
  });
});

describe('mail-ingest /metrics', () => {
  it('counts SMTP sessions and refused recipients by reply code', async () => {
    const code = { stage: 'rcpt', code: '550', service: 'mail-ingest' };
    const before = (await scrapeMetrics('mail-ingest')).samples;
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: stack.smtpPort,
      secure: false,
      ignoreTLS: true,
    });
    try {
      await expect(
        transport.sendMail({
          envelope: {
            from: 'sender@example.com',
            to: `nobody-${randomUUID()}@snaptrack.localhost`,
          },
          raw: 'Subject: hello\r\n\r\nno receipt here\r\n',
        }),
      ).rejects.toMatchObject({ responseCode: 550 });
    } finally {
      transport.close();
    }
    const after = (await scrapeMetrics('mail-ingest')).samples;
    const sessions = 'snaptrack_smtp_sessions_total';
    expect(metricValue(after, sessions) - metricValue(before, sessions)).toBeGreaterThanOrEqual(1);
    const replies = 'snaptrack_smtp_replies_total';
    expect(metricValue(after, replies, code) - metricValue(before, replies, code)).toBe(1);
  });
});

describe('export-service /metrics', () => {
  it('times the PDF job and records its size', async () => {
    const created = await api('/api/export/pdf', { token: owner.token, body: { filters: {} } });
    expect(created.status).toBe(202);
    const jobId = created.body.job_id as string;
    for (let attempt = 0; ; attempt += 1) {
      const { body } = await api(`/api/export/pdf/status/${jobId}`, { token: owner.token });
      if (body.status === 'completed') break;
      if (body.status === 'failed' || attempt > 240) throw new Error(`PDF job: ${body.status}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const { samples, text } = await scrapeMetrics('export');
    expect(
      metricValue(samples, 'snaptrack_pdf_job_duration_seconds_count', { outcome: 'completed' }),
    ).toBeGreaterThanOrEqual(1);
    expect(metricValue(samples, 'snaptrack_pdf_size_bytes_sum')).toBeGreaterThan(1_000);
    expect(text).not.toContain(jobId);
  });
});
