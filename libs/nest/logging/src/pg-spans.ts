import {
  SpanKind,
  SpanStatusCode,
  context,
  trace,
  type Span,
  type Tracer,
} from '@opentelemetry/api';

/** Longest statement text a span keeps; the rest is cut (a trace shows which query, not all). */
export const MAX_STATEMENT_LENGTH = 1_000;

/** What a query span records of one statement text, worked out once per distinct text. */
interface Statement {
  /** `SELECT`, `INSERT`, `BEGIN` … (the first word, upper case). */
  operation: string;
  /** Whitespace collapsed, string literals as `'?'`, at most MAX_STATEMENT_LENGTH characters. */
  text: string;
}

/**
 * The statement as a span shows it. The services' queries carry their values as `$n`
 * parameters, which are never recorded; a literal written into the text (`'ready'`, or a value
 * someone pasted into raw SQL) is replaced by `'?'` all the same, as a log line's secrets are.
 */
export function scrubStatement(text: string): Statement {
  const collapsed = text
    .replace(/'(?:[^']|'')*'/g, "'?'")
    .replace(/\s+/g, ' ')
    .trim();
  const space = collapsed.indexOf(' ');
  const first = (space === -1 ? collapsed : collapsed.slice(0, space)).replace(/;$/, '');
  return {
    operation: first.toUpperCase() || 'UNKNOWN',
    text:
      collapsed.length > MAX_STATEMENT_LENGTH
        ? `${collapsed.slice(0, MAX_STATEMENT_LENGTH - 1)}…`
        : collapsed,
  };
}

/** The services run a few dozen distinct statements: each is scrubbed once, not per query. */
const CACHE_SIZE = 500;
const statements = new Map<string, Statement>();

function statementOf(text: string): Statement {
  let statement = statements.get(text);
  if (!statement) {
    if (statements.size >= CACHE_SIZE) statements.clear();
    statement = scrubStatement(text);
    statements.set(text, statement);
  }
  return statement;
}

/** The parts of node-postgres' Client that a query span reads. */
interface PgClient {
  database?: string;
  host?: string;
  port?: number;
}

type QueryFn = (this: PgClient, ...args: unknown[]) => unknown;

export interface PgClientClass {
  prototype: { query: QueryFn };
}

/** The statement text of `Client.query`'s arguments; none for a stream, cursor or odd call. */
function textOf(config: unknown): string | undefined {
  if (typeof config === 'string') return config;
  if (!config || typeof config !== 'object') return undefined;
  const { text, submit, callback } = config as Record<string, unknown>;
  // A Submittable (pg-query-stream, pg-cursor) or a callback in the config ends on its own terms.
  if (typeof submit === 'function' || typeof callback === 'function') return undefined;
  return typeof text === 'string' ? text : undefined;
}

/** Ends a query span; a failed query is marked with its SQLSTATE, never its message. */
function endQuerySpan(span: Span, error?: unknown): void {
  if (error !== undefined && error !== null) {
    const code = (error as { code?: unknown }).code;
    const status = typeof code === 'string' ? code : error instanceof Error ? error.name : 'Error';
    if (typeof code === 'string') span.setAttribute('db.response.status_code', code);
    span.setStatus({ code: SpanStatusCode.ERROR, message: status });
  }
  span.end();
}

/**
 * Gives every query of node-postgres' `Client` (TypeORM's and a Pool's alike) a client span,
 * `pg.query:SELECT snaptrack`, with the scrubbed statement text: only inside a span (a query
 * outside any request, the outbox relay's polling, would be a trace of its own), and nothing
 * for pool checkouts or connections. Replaces @opentelemetry/instrumentation-pg, which did the
 * same at several times the cost per query (docs/benchmarks.md). Returns the undo.
 */
export function traceQueries(Client: PgClientClass, tracer: Tracer): () => void {
  const proto = Client.prototype;
  const original = proto.query;
  const traced: QueryFn = function (this: PgClient, ...args: unknown[]): unknown {
    const parent = context.active();
    // A parent not recorded (a trace the sampler left out) has no recorded children either.
    const text = trace.getSpan(parent)?.isRecording() ? textOf(args[0]) : undefined;
    if (text === undefined) return original.apply(this, args);
    const statement = statementOf(text);
    const attributes: Record<string, string | number> = {
      'db.system': 'postgresql',
      'db.operation': statement.operation,
      'db.statement': statement.text,
    };
    if (this.database) attributes['db.name'] = this.database;
    if (this.host) attributes['net.peer.name'] = this.host;
    if (this.port) attributes['net.peer.port'] = this.port;
    const span = tracer.startSpan(
      `pg.query:${statement.operation}${this.database ? ` ${this.database}` : ''}`,
      { kind: SpanKind.CLIENT, attributes },
      parent,
    );
    const last = args.length - 1;
    const callback = args[last];
    if (last > 0 && typeof callback === 'function') {
      args[last] = function (this: unknown, error: unknown, ...rest: unknown[]): unknown {
        endQuerySpan(span, error);
        return (callback as (...values: unknown[]) => unknown).call(this, error, ...rest);
      };
      return original.apply(this, args);
    }
    let result: unknown;
    try {
      result = original.apply(this, args);
    } catch (error) {
      endQuerySpan(span, error);
      throw error;
    }
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      // A branch of its own: the caller's promise (returned as it is) still rejects for them.
      (result as Promise<unknown>).then(
        () => endQuerySpan(span),
        (error: unknown) => endQuerySpan(span, error ?? new Error('query failed')),
      );
    } else endQuerySpan(span);
    return result;
  };
  proto.query = traced;
  return () => {
    if (proto.query === traced) proto.query = original;
  };
}
