import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, Module, type INestMicroservice, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import amqp from 'amqplib';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { createLogger } from '@snaptrack/nest-logging';
import {
  BusClient,
  BusError,
  DELIVERY_LIMIT,
  OutboxRelay,
  ReliableRmqServer,
  createRpcValidationPipe,
  deadLetterQueueName,
  declareBusTopology,
  enqueueEvent,
  handleOnce,
  initMetrics,
  metricsRegistry,
  outboxInboxDdl,
} from '../src/index.js';
import { deleteRunQueues, waitUntil } from '@snaptrack/testing';

const url = process.env.SNAPTRACK_RABBITMQ_URL!;
const databaseUrl = process.env.SNAPTRACK_DATABASE_URL!;
const prefix = `${process.env.SNAPTRACK_RMQ_PREFIX}-rmq`;
const schema = 'rmq_test';
const logger = createLogger('rmq-test', 'silent');

const seen = { poisonAttempts: 0, ok: [] as string[], created: [] as string[] };

@Controller()
class TestHandlers {
  @EventPattern('export.test.poison.v1')
  poison(_data: unknown): void {
    seen.poisonAttempts += 1;
    throw new Error('poison message');
  }

  @EventPattern('export.test.ok.v1')
  ok(@Payload('data') data: { marker: string }): void {
    seen.ok.push(data.marker);
  }

  @MessagePattern('export.test.echo.v1')
  echo(@Payload('data') data: { text: string }): { text: string } {
    return { text: data.text };
  }

  @MessagePattern('export.test.refuse.v1')
  refuse(_data: unknown): never {
    throw new BusError('CONFLICT', 'Already there.');
  }
}

@Controller()
class CreatedHandler {
  @EventPattern('auth.user.created.v1')
  async created(
    @Payload() envelope: { ctx: { messageId: string }; data: { userId: string } },
  ): Promise<void> {
    await handleOnce(
      dataSource,
      schema,
      envelope.ctx.messageId,
      'auth.user.created.v1',
      async (manager) => {
        await manager.query(`INSERT INTO "${schema}"."seen" ("user_id") VALUES ($1)`, [
          envelope.data.userId,
        ]);
      },
    );
    seen.created.push(envelope.data.userId);
  }
}

let dataSource: DataSource;
let exportApp: INestMicroservice;
let expensesApp: INestMicroservice;
let bus: BusClient;

async function startServer(
  service: 'export' | 'expenses',
  controller: Type<unknown>,
): Promise<INestMicroservice> {
  @Module({ controllers: [controller] })
  class TestModule {}
  const app = await NestFactory.createMicroservice(TestModule, {
    strategy: new ReliableRmqServer({
      url,
      prefix,
      service,
      prefetch: 1,
      logger,
      shutdownGraceMs: 2_000,
    }),
    logger: false,
  });
  app.useGlobalPipes(createRpcValidationPipe());
  await app.listen();
  return app;
}

async function queueDepth(queue: string): Promise<number> {
  const connection = await amqp.connect(url);
  try {
    const channel = await connection.createChannel();
    return (await channel.checkQueue(queue)).messageCount;
  } finally {
    await connection.close();
  }
}

const ctx = { requestId: 'rmq-test' };

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  for (const sql of outboxInboxDdl(schema).up) await admin.query(sql);
  await admin.query(`CREATE TABLE "${schema}"."seen" ("user_id" uuid NOT NULL)`);
  await admin.end();
  dataSource = await new DataSource({ type: 'postgres', url: databaseUrl }).initialize();
  // The deploy step's part (exchanges, queues, dead-letter bindings), as the stack does it.
  const connection = await amqp.connect(url);
  await declareBusTopology(await connection.createChannel(), prefix, ['export', 'expenses']);
  await connection.close();
  bus = new BusClient({ url, prefix, timeoutMs: 3_000 });
  exportApp = await startServer('export', TestHandlers);
  expensesApp = await startServer('expenses', CreatedHandler);
});

afterAll(async () => {
  await bus.close();
  await exportApp.close();
  await expensesApp.close();
  await dataSource.query(`DROP SCHEMA "${schema}" CASCADE`);
  await dataSource.destroy();
  await deleteRunQueues(url, prefix);
});

// Client and server of these tests measure as a service does (runService calls it).
initMetrics('rmq-test', { processMetrics: false });

/** A counter's or histogram count's value in this process's registry (0 when never seen). */
async function metric(name: string, labels: Record<string, string>): Promise<number> {
  const found = metricsRegistry.getSingleMetric(name.replace(/_count$/, ''));
  if (!found) return 0;
  const { values } = await found.get();
  return (
    values
      // A histogram's samples are its buckets, sum and count: keep the one asked for.
      .filter((sample) => !('metricName' in sample) || sample.metricName === name)
      .filter((sample) =>
        Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
      )
      .reduce((sum, sample) => sum + sample.value, 0)
  );
}

describe('reliable RMQ server', () => {
  it('answers requests, and carries service errors as codes', async () => {
    const send = bus.send.bind(bus) as (p: string, d: unknown, c: typeof ctx) => Promise<unknown>;
    await expect(send('export.test.echo.v1', { text: 'hi' }, ctx)).resolves.toEqual({ text: 'hi' });
    await expect(send('export.test.refuse.v1', {}, ctx)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Already there.',
    });
    // Both sides of the bus are in this process: the caller's RPC and the server's handler.
    const rpc = 'snaptrack_bus_rpc_duration_seconds_count';
    expect(await metric(rpc, { pattern: 'export.test.echo.v1', outcome: 'ok' })).toBe(1);
    expect(await metric(rpc, { pattern: 'export.test.refuse.v1', outcome: 'CONFLICT' })).toBe(1);
    const handler = 'snaptrack_bus_handler_duration_seconds_count';
    expect(await metric(handler, { pattern: 'export.test.refuse.v1', outcome: 'error' })).toBe(1);
  });

  it('answers a request with an unknown pattern at once instead of hanging', async () => {
    const send = bus.send.bind(bus) as (p: string, d: unknown, c: typeof ctx) => Promise<unknown>;
    await expect(send('export.test.missing.v1', {}, ctx)).rejects.toMatchObject({
      code: 'UNKNOWN_PATTERN',
    });
  });

  it('retries a throwing handler, dead-letters it, and keeps consuming', async () => {
    const dlq = deadLetterQueueName(prefix, 'export');
    const before = await queueDepth(dlq);
    await bus.emit('export', 'export.test.poison.v1', { ctx, data: {} });
    await bus.emit('export', 'export.test.ok.v1', { ctx, data: { marker: 'after-poison' } });
    await waitUntil(() => seen.ok.includes('after-poison'));
    await waitUntil(async () => (await queueDepth(dlq)) === before + 1);
    expect(seen.poisonAttempts).toBe(DELIVERY_LIMIT + 1);
    const labels = { pattern: 'export.test.poison.v1' };
    expect(await metric('snaptrack_bus_redeliveries_total', labels)).toBe(DELIVERY_LIMIT);
    expect(
      await metric('snaptrack_bus_dead_lettered_total', { ...labels, reason: 'retries_exhausted' }),
    ).toBe(1);
  });

  it('dead-letters an event with an unknown pattern without stalling the consumer', async () => {
    const dlq = deadLetterQueueName(prefix, 'export');
    const before = await queueDepth(dlq);
    await bus.emit('export', 'export.test.nobody-listens.v1', { ctx, data: {} });
    await bus.emit('export', 'export.test.ok.v1', { ctx, data: { marker: 'after-unknown' } });
    await waitUntil(() => seen.ok.includes('after-unknown'));
    await waitUntil(async () => (await queueDepth(dlq)) === before + 1);
    // The sender's pattern is no label: it could invent one per message.
    expect(
      await metric('snaptrack_bus_dead_lettered_total', {
        pattern: 'unknown',
        reason: 'unknown_pattern',
      }),
    ).toBeGreaterThanOrEqual(1);
  });
});

describe('outbox and inbox', () => {
  it('relays committed events and applies a redelivered one only once', async () => {
    const userId = '11111111-1111-4111-8111-111111111111';
    await dataSource.transaction((manager) =>
      enqueueEvent(
        manager,
        schema,
        'auth.user.created.v1',
        { userId, email: 'a@example.com' },
        ctx,
      ),
    );
    const relay = new OutboxRelay(dataSource, schema, bus, logger);
    expect(await relay.publishPending()).toBe(1);
    expect(await relay.publishPending()).toBe(0);
    await waitUntil(() => seen.created.includes(userId));
    // Simulate a crash between publish and mark: the same message goes out again.
    await dataSource.query(`UPDATE "${schema}"."outbox" SET "sent_at" = NULL`);
    expect(await relay.publishPending()).toBe(1);
    await waitUntil(() => seen.created.filter((id) => id === userId).length === 2);
    const rows: unknown[] = await dataSource.query(
      `SELECT * FROM "${schema}"."seen" WHERE "user_id" = $1`,
      [userId],
    );
    expect(rows).toHaveLength(1);
  });
});
