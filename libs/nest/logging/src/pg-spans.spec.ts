import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { SpanStatusCode, context, trace, type Tracer } from '@opentelemetry/api';
import {
  InMemorySpanExporter,
  NodeTracerProvider,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-node';
import { tracingGlobals } from './tracing-globals.js';
import { MAX_STATEMENT_LENGTH, scrubStatement, traceQueries } from './pg-spans.js';

type Callback = (error: Error | null, result?: { rows: unknown[] }) => void;

/** node-postgres' Client.query contract: a promise, or the callback when one is the last argument. */
class FakeClient {
  database = 'snaptrack';
  host = '127.0.0.1';
  port = 5432;
  constructor(private readonly failWith?: Error) {}

  query(config: unknown, ...rest: unknown[]): unknown {
    const callback = rest.find((arg): arg is Callback => typeof arg === 'function');
    if (typeof (config as { submit?: unknown })?.submit === 'function') return config;
    if (callback) {
      setImmediate(() =>
        this.failWith ? callback(this.failWith) : callback(null, { rows: [{ one: 1 }] }),
      );
      return undefined;
    }
    return this.failWith ? Promise.reject(this.failWith) : Promise.resolve({ rows: [{ one: 1 }] });
  }
}

const exporter = new InMemorySpanExporter();
const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
let tracer: Tracer;
let undo: () => void;

beforeAll(() => {
  provider.register(tracingGlobals());
  tracer = provider.getTracer('test');
  undo = traceQueries(FakeClient, tracer);
});

afterAll(async () => {
  undo();
  await provider.shutdown();
  trace.disable();
  context.disable();
});

afterEach(() => exporter.reset());

/** Runs `work` inside a parent span, which it ends afterwards. */
async function inParent<T>(work: () => Promise<T>): Promise<T> {
  return tracer.startActiveSpan('parent', async (parent) => {
    try {
      return await work();
    } finally {
      parent.end();
    }
  });
}

const querySpans = () => exporter.getFinishedSpans().filter((span) => span.name !== 'parent');

describe('scrubStatement', () => {
  it('keeps placeholders, replaces string literals and collapses whitespace', () => {
    expect(
      scrubStatement(`SELECT *\n  FROM "expenses"   WHERE "status" = 'ready' AND "id" = $1
        AND "note" = 'it''s mine'`),
    ).toEqual({
      operation: 'SELECT',
      text: `SELECT * FROM "expenses" WHERE "status" = '?' AND "id" = $1 AND "note" = '?'`,
    });
  });

  it('names the operation by the first word, without a semicolon', () => {
    expect(scrubStatement('  commit;').operation).toBe('COMMIT');
    expect(scrubStatement('insert into t values ($1)').operation).toBe('INSERT');
    expect(scrubStatement('').operation).toBe('UNKNOWN');
  });

  it('cuts a long statement', () => {
    const { text } = scrubStatement(`SELECT ${'"a", '.repeat(1000)}1`);
    expect(text).toHaveLength(MAX_STATEMENT_LENGTH);
    expect(text.endsWith('…')).toBe(true);
  });
});

describe('traceQueries', () => {
  it('makes a client span per query inside a span, child of it, with the scrubbed statement', async () => {
    const client = new FakeClient();
    const result = await inParent(
      () =>
        client.query(`SELECT "id" FROM "expenses" WHERE "vendor" = 'ACME' AND "user_id" = $1`, [
          'u1',
        ]) as Promise<unknown>,
    );
    expect(result).toEqual({ rows: [{ one: 1 }] });
    const [span] = querySpans();
    const parent = exporter.getFinishedSpans().find((each) => each.name === 'parent');
    expect(span?.name).toBe('pg.query:SELECT snaptrack');
    expect(span?.parentSpanContext?.spanId).toBe(parent?.spanContext().spanId);
    expect(span?.spanContext().traceId).toBe(parent?.spanContext().traceId);
    expect(span?.attributes).toEqual({
      'db.system': 'postgresql',
      'db.operation': 'SELECT',
      'db.name': 'snaptrack',
      'db.statement': `SELECT "id" FROM "expenses" WHERE "vendor" = '?' AND "user_id" = $1`,
      'net.peer.name': '127.0.0.1',
      'net.peer.port': 5432,
    });
    expect(JSON.stringify(span?.attributes)).not.toContain('u1');
    expect(span?.status.code).toBe(SpanStatusCode.UNSET);
  });

  it('makes no span without a parent span', async () => {
    await new FakeClient().query('SELECT 1');
    await new Promise<void>((resolve) => new FakeClient().query('SELECT 1', [], () => resolve()));
    expect(exporter.getFinishedSpans()).toEqual([]);
  });

  it('makes no span, not even one left unrecorded, under a parent the sampler left out', async () => {
    class Client {
      query(..._args: unknown[]): Promise<{ rows: unknown[] }> {
        return Promise.resolve({ rows: [{ one: 1 }] });
      }
    }
    let started = 0;
    const counting: Tracer = {
      ...tracer,
      startSpan: (...args: Parameters<Tracer['startSpan']>) => {
        started += 1;
        return tracer.startSpan(...args);
      },
    };
    const undoCounting = traceQueries(Client, counting);
    const unsampled = trace.wrapSpanContext({
      traceId: '0af7651916cd43dd8448eb211c80319c',
      spanId: 'b7ad6b7169203331',
      traceFlags: 0,
    });
    try {
      const result = await context.with(trace.setSpan(context.active(), unsampled), () =>
        new Client().query('SELECT 1'),
      );
      expect(result).toEqual({ rows: [{ one: 1 }] });
      expect(started).toBe(0);
      // The same client inside a recorded span does make one: the count above means something.
      await inParent(() => new Client().query('SELECT 1'));
      expect(started).toBe(1);
    } finally {
      undoCounting();
    }
  });

  it('records a failed query by its SQLSTATE, not its message, and still rejects', async () => {
    const error = Object.assign(new Error('duplicate key value: Key (email)=(a@b.example)'), {
      code: '23505',
    });
    const client = new FakeClient(error);
    await expect(
      inParent(() => client.query('INSERT INTO "users" VALUES ($1)', ['a']) as Promise<unknown>),
    ).rejects.toBe(error);
    const [span] = querySpans();
    expect(span?.name).toBe('pg.query:INSERT snaptrack');
    expect(span?.status).toEqual({ code: SpanStatusCode.ERROR, message: '23505' });
    expect(span?.attributes['db.response.status_code']).toBe('23505');
    expect(JSON.stringify([span?.attributes, span?.status, span?.events])).not.toContain(
      'a@b.example',
    );
  });

  it('ends the span when a callback query answers, and passes the answer on', async () => {
    const failing = new FakeClient(new TypeError('connection lost'));
    const answers = await inParent(() =>
      Promise.all(
        [new FakeClient(), failing].map(
          (client) =>
            new Promise<unknown[]>((resolve) =>
              client.query('UPDATE "t" SET "a" = $1', [1], (...args: unknown[]) => resolve(args)),
            ),
        ),
      ),
    );
    expect(answers[0]).toEqual([null, { rows: [{ one: 1 }] }]);
    expect((answers[1][0] as Error).message).toBe('connection lost');
    const statuses = querySpans().map((span) => span.status);
    expect(statuses).toEqual(
      expect.arrayContaining([
        { code: SpanStatusCode.UNSET },
        { code: SpanStatusCode.ERROR, message: 'TypeError' },
      ]),
    );
  });

  it('leaves streams and cursors (Submittables) untraced and untouched', async () => {
    const stream = { text: 'SELECT 1', submit: () => undefined };
    const returned = await inParent(() => Promise.resolve(new FakeClient().query(stream)));
    expect(returned).toBe(stream);
    expect(querySpans()).toEqual([]);
  });

  it('undoes the patch', () => {
    class Other extends FakeClient {}
    const ownQuery = (): unknown =>
      Object.getOwnPropertyDescriptor(Other.prototype, 'query')?.value as unknown;
    const undoOther = traceQueries(Other, tracer);
    expect(ownQuery()).toBeInstanceOf(Function);
    undoOther();
    expect(Reflect.get(Other.prototype, 'query')).toBe(Reflect.get(FakeClient.prototype, 'query'));
  });
});
