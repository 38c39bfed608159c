import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  api,
  createTestAccount,
  renderReceipt,
  stack,
  uploadReceipt,
  waitForReceipt,
  waitUntil,
  withDatabase,
} from '@snaptrack/testing';

// One receipt's trace, from the browser's `traceparent` through the gateway, expenses-service,
// the outbox, ocr-service and back, as an OTLP receiver sees it: the three processes are
// restarted with OTEL_EXPORTER_OTLP_ENDPOINT pointing at a receiver written here.

interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
}

/** OTLP/HTTP with the JSON encoding (what @opentelemetry/exporter-trace-otlp-http posts). */
interface OtlpTraces {
  resourceSpans?: {
    resource?: { attributes?: { key: string; value: { stringValue?: string } }[] };
    scopeSpans?: {
      spans?: Omit<ReceivedSpan, 'service'>[];
    }[];
  }[];
}

const TRACED = ['gateway', 'expenses', 'ocr'];
const spans: ReceivedSpan[] = [];
const refused: string[] = [];
let receiver: Server;

function receive(body: OtlpTraces): void {
  for (const resource of body.resourceSpans ?? []) {
    const service =
      resource.resource?.attributes?.find((attribute) => attribute.key === 'service.name')?.value
        .stringValue ?? '?';
    for (const scope of resource.scopeSpans ?? [])
      for (const span of scope.spans ?? []) spans.push({ ...span, service });
  }
}

function listenReceiver(): Promise<Server> {
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      if (req.url !== '/v1/traces' || !/json/.test(req.headers['content-type'] ?? '')) {
        refused.push(`${req.method} ${req.url} ${req.headers['content-type']}`);
        res.writeHead(415).end();
        return;
      }
      receive(JSON.parse(text) as OtlpTraces);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const browserTraceId = hex(16);
const browserSpanId = hex(8);
let expenseId: string;
let owner: Awaited<ReturnType<typeof createTestAccount>>;
let tracingEnv: Record<string, string>;

beforeAll(async () => {
  receiver = await listenReceiver();
  const { port } = receiver.address() as { port: number };
  tracingEnv = {
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
    OTEL_BSP_SCHEDULE_DELAY: '200',
    // Every request: the default, set here because the test depends on it.
    OTEL_TRACES_SAMPLER_ARG: '1',
  };
  await restartTraced(tracingEnv);
  owner = await createTestAccount('tracing');
  await api('/api/entities', { token: owner.token, body: { name: 'Trace Co' } });
  const image = await renderReceipt({ vendor: 'TRACE BAKERY', date: '2026-03-14', total: '9.80' });
  const upload = await uploadReceipt(owner.token, image, {
    entity: 'Trace Co',
    headers: {
      traceparent: `00-${browserTraceId}-${browserSpanId}-01`,
      // A caller's W3C baggage: not ours to carry (tracingGlobals).
      baggage: `tenant=someone-else,padding=${'x'.repeat(2_000)}`,
    },
  });
  expect(upload.status).toBe(202);
  expenseId = upload.body.expense.id as string;
  expect((await waitForReceipt(owner.token, expenseId)).status).toBe('ready');
  await waitForSpan('process ocr.receipt.processed.v1', 'expenses-service');
}, 900_000);

afterAll(async () => {
  await restartTraced();
  await new Promise((resolve) => receiver.close(resolve));
}, 900_000);

/** Restarts the traced processes side by side (each start waits for the stack's readiness). */
async function restartTraced(env?: Record<string, string>): Promise<void> {
  await Promise.all(TRACED.map((unit) => stack.stop(unit)));
  await Promise.all(TRACED.map((unit) => stack.start(unit, env)));
}

async function waitForSpan(name: string, service: string): Promise<void> {
  await waitUntil(
    () => traceSpans().some((span) => span.name === name && span.service === service),
    { what: `span ${name} of ${service}` },
  ).catch((error: Error) => {
    throw new Error(`${error.message}\n${listTrace()}`);
  });
}

function traceSpans(traceId = browserTraceId): ReceivedSpan[] {
  return spans.filter((span) => span.traceId === traceId);
}

function listTrace(): string {
  return traceSpans()
    .map((span) => `${span.service}: ${span.name} (${span.spanId} <- ${span.parentSpanId})`)
    .join('\n');
}

/** The one span of `service` named `name` in the browser's trace. */
function only(service: string, name: string | RegExp): ReceivedSpan {
  const found = traceSpans().filter(
    (span) =>
      span.service === service &&
      (typeof name === 'string' ? span.name === name : name.test(span.name)),
  );
  if (found.length !== 1)
    throw new Error(`${found.length} spans ${name} of ${service}:\n${listTrace()}`);
  return found[0];
}

/** Whether `span` descends from `ancestor` inside the received trace. */
function descendsFrom(span: ReceivedSpan, ancestor: ReceivedSpan): boolean {
  const byId = new Map(traceSpans().map((each) => [each.spanId, each]));
  for (let parent = byId.get(span.parentSpanId); parent; parent = byId.get(parent.parentSpanId))
    if (parent.spanId === ancestor.spanId) return true;
  return false;
}

const SERVER = 2;
const CONSUMER = 5;

describe("a receipt's trace (OTLP)", () => {
  it('reaches the receiver as OTLP/HTTP JSON', () => {
    expect(refused).toEqual([]);
  });

  it("continues the browser's trace at the gateway", () => {
    const request = only('gateway', /^POST/);
    expect([request.kind, request.parentSpanId]).toEqual([SERVER, browserSpanId]);
  });

  it('follows the upload from the gateway to expenses-service', () => {
    const request = only('gateway', /^POST/);
    const send = only('gateway', 'send expenses.receipt.create.v1');
    const handled = only('expenses-service', 'process expenses.receipt.create.v1');
    expect(descendsFrom(send, request)).toBe(true);
    expect([handled.kind, handled.parentSpanId]).toEqual([SERVER, send.spanId]);
  });

  it('goes on through the outbox to ocr-service and back to expenses-service', () => {
    const created = only('expenses-service', 'process expenses.receipt.create.v1');
    const published = only('expenses-service', 'publish ocr.receipt.process.v1');
    const read = only('ocr-service', 'process ocr.receipt.process.v1');
    const answered = only('ocr-service', 'publish ocr.receipt.processed.v1');
    const stored = only('expenses-service', 'process ocr.receipt.processed.v1');
    expect(published.parentSpanId).toBe(created.spanId);
    expect([read.kind, read.parentSpanId]).toEqual([CONSUMER, published.spanId]);
    expect(descendsFrom(answered, read)).toBe(true);
    expect([stored.kind, stored.parentSpanId]).toEqual([CONSUMER, answered.spanId]);
  });

  it("keeps the caller's baggage out of the bus: the outbox row holds its trace and no more", async () => {
    const carried = await withDatabase(async (client) => {
      const { rows } = await client.query(
        `SELECT "payload"->'trace' AS "trace" FROM "expenses"."outbox"
         WHERE "pattern" = 'ocr.receipt.process.v1' AND "payload"::text LIKE '%' || $1 || '%'`,
        [expenseId],
      );
      return rows.map((row: { trace: Record<string, string> }) => row.trace);
    });
    expect(carried).toHaveLength(1);
    expect(Object.keys(carried[0] ?? {})).toEqual(['traceparent']);
    expect(carried[0]?.traceparent).toContain(browserTraceId);
  });

  it('shows the Postgres queries of a handler', () => {
    const created = only('expenses-service', 'process expenses.receipt.create.v1');
    const queries = traceSpans().filter(
      (span) => span.service === 'expenses-service' && descendsFrom(span, created),
    );
    expect(queries.map((span) => span.name)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^pg\.query/)]),
    );
  });

  it('tags the log lines written inside the trace with its ids and the request id', () => {
    const log = readFileSync(path.join(process.env.SNAPTRACK_LOG_DIR ?? '', 'gateway.log'), 'utf8');
    const lines = log
      .split('\n')
      .filter((line) => line.includes(browserTraceId))
      .map(
        (line) => JSON.parse(line) as { trace_id?: string; span_id?: string; requestId?: string },
      );
    expect(lines.length).toBeGreaterThan(0);
    const gatewaySpans = traceSpans()
      .filter((span) => span.service === 'gateway')
      .map((span) => span.spanId);
    for (const line of lines) {
      expect(line.trace_id).toBe(browserTraceId);
      expect(gatewaySpans).toContain(line.span_id);
      // Both ids lead to the same lines: the request id's and the trace's.
      expect(line.requestId).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('what is recorded: the gateway decides, not the caller', () => {
  // Two callers' traceparents, each asking for the opposite of what the gateway is set to do.
  const optedIn = { traceId: hex(16), flags: '01' };
  const optedOut = { traceId: hex(16), flags: '00' };
  const entities = (caller: typeof optedIn) =>
    api('/api/entities', {
      token: owner.token,
      headers: { traceparent: `00-${caller.traceId}-${hex(8)}-${caller.flags}` },
    });

  // The gateway traced at ratio 1 first (as the file's beforeAll left it), then one restart at
  // ratio 0; the file's afterAll puts the default gateway back.
  beforeAll(async () => {
    expect((await entities(optedOut)).status).toBe(200);
    // The gateway's own span ends after the answer, so it may be posted after the spans of the
    // services it called: wait for that one before the restart stops the gateway.
    const deadline = Date.now() + 30_000;
    const recorded = () =>
      traceSpans(optedOut.traceId).some((span) => span.name === 'GET /api/entities');
    while (!recorded() && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 250));
    await stack.restart('gateway', { ...tracingEnv, OTEL_TRACES_SAMPLER_ARG: '0' });
    expect((await entities(optedIn)).status).toBe(200);
    // Ten export periods: a recorded span would have been posted by now.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }, 120_000);

  it("records a request whose traceparent says not to, when the gateway's ratio says so", () => {
    expect(traceSpans(optedOut.traceId).map((span) => span.name)).toContain('GET /api/entities');
  });

  it('records nothing of a request whose traceparent asks for it, when the ratio is 0', () => {
    expect(traceSpans(optedIn.traceId)).toEqual([]);
  });

  it('still puts the trace id of a request left out on its log lines', () => {
    const log = readFileSync(path.join(process.env.SNAPTRACK_LOG_DIR ?? '', 'gateway.log'), 'utf8');
    expect(log).toContain(`"trace_id":"${optedIn.traceId}"`);
  });
});
