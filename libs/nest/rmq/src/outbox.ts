import { randomUUID } from 'node:crypto';
import { ROOT_CONTEXT, context } from '@opentelemetry/api';
import type { DataSource, EntityManager } from 'typeorm';
import {
  EventConsumers,
  type EventOf,
  type EventPattern,
  type MessageContext,
  type ServiceName,
} from '@snaptrack/contracts';
import type { Logger } from '@snaptrack/nest-logging';
import type { BusClient } from './bus-client.js';
import { watchOutbox } from './bus-metrics.js';
import { contextFromHeaders, traceHeaders } from './bus-tracing.js';

/**
 * Writes an event into the outbox inside the caller's transaction, once per consuming
 * service, so the event exists exactly when the business change does. With tracing on, the row
 * keeps the writer's trace context (`trace`, never sent as such): the relay publishes the event
 * as part of that trace, however much later it runs.
 */
export async function enqueueEvent<P extends EventPattern>(
  manager: EntityManager,
  schema: string,
  pattern: P,
  data: EventOf<P>,
  ctx: Pick<MessageContext, 'requestId' | 'userId'>,
): Promise<string[]> {
  const ids: string[] = [];
  const trace = traceHeaders();
  for (const destination of EventConsumers[pattern]) {
    const id = randomUUID();
    const payload = {
      ctx: { ...ctx, messageId: id },
      data,
      ...(trace.traceparent ? { trace } : {}),
    };
    await manager.query(
      `INSERT INTO "${schema}"."outbox" ("id", "pattern", "destination", "payload") VALUES ($1, $2, $3, $4)`,
      [id, pattern, destination, JSON.stringify(payload)],
    );
    ids.push(id);
  }
  return ids;
}

/**
 * Runs `work` once per message id: the inbox row and the work commit together, so a
 * redelivered message finds its id and does nothing. Returns false for a duplicate.
 */
export async function handleOnce(
  dataSource: DataSource,
  schema: string,
  messageId: string,
  pattern: string,
  work: (manager: EntityManager) => Promise<void>,
): Promise<boolean> {
  return dataSource.transaction(async (manager) => {
    const inserted: unknown[] = await manager.query(
      `INSERT INTO "${schema}"."inbox" ("message_id", "pattern") VALUES ($1, $2)
       ON CONFLICT ("message_id") DO NOTHING RETURNING "message_id"`,
      [messageId, pattern],
    );
    if (inserted.length === 0) return false;
    await work(manager);
    return true;
  });
}

interface OutboxRow {
  id: string;
  pattern: string;
  destination: ServiceName;
  payload: { ctx: MessageContext; data: unknown; trace?: Record<string, string> };
  created_at: Date;
}

/**
 * Publishes unsent outbox rows and marks each sent only after the broker confirmed it. A
 * crash between confirm and mark re-publishes; consumers dedupe through their inbox.
 */
export class OutboxRelay {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = false;
  /** A kick came while a pass was running: that pass may have looked before the commit. */
  private kickedWhileRunning = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly schema: string,
    private readonly bus: BusClient,
    private readonly logger: Logger,
    private readonly intervalMs = 1_000,
  ) {
    watchOutbox(dataSource, schema);
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Publish now rather than at the next tick (call after committing an event). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) this.kickedWhileRunning = true;
    else this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** One pass; returns how many rows were published. Exposed for tests and tools. */
  async publishPending(batchSize = 50): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const rows: OutboxRow[] = await manager.query(
        `SELECT "id", "pattern", "destination", "payload", "created_at" FROM "${this.schema}"."outbox"
         WHERE "sent_at" IS NULL ORDER BY "created_at" LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [batchSize],
      );
      let sent = 0;
      for (const row of rows) {
        const { trace, ...envelope } = row.payload;
        try {
          await context.with(contextFromHeaders(trace), () =>
            this.bus.emit(row.destination, row.pattern, envelope, row.created_at),
          );
        } catch (error) {
          await manager.query(
            `UPDATE "${this.schema}"."outbox" SET "attempts" = "attempts" + 1, "last_error" = $2 WHERE "id" = $1`,
            [row.id, error instanceof Error ? error.message : String(error)],
          );
          break; // the broker is likely down: keep order, try again next tick
        }
        await manager.query(
          `UPDATE "${this.schema}"."outbox" SET "sent_at" = now() WHERE "id" = $1`,
          [row.id],
        );
        sent += 1;
      }
      return sent;
    });
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    // A kick comes from inside a handler's span: the relay's own queries belong to no trace.
    this.timer = setTimeout(() => {
      this.running = context
        .with(ROOT_CONTEXT, () => this.tick())
        .finally(() => {
          this.running = undefined;
        });
    }, delayMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    this.kickedWhileRunning = false;
    let published = 0;
    try {
      published = await this.publishPending();
    } catch (error) {
      this.logger.warn({ err: error }, 'outbox relay pass failed');
    }
    if (!this.stopped)
      this.schedule(published > 0 || this.kickedWhileRunning ? 0 : this.intervalMs);
  }
}
