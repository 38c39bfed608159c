import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { EventPattern, Payload } from '@nestjs/microservices';
import { randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import amqp from 'amqplib';
import { createLogger } from '@snaptrack/nest-logging';
import {
  BusClient,
  ReliableRmqServer,
  deadLetterQueueName,
  declareBusTopology,
} from '@snaptrack/nest-rmq';
import {
  deleteRunQueues,
  metricValue,
  queueDepth,
  scrapeBrokerQueues,
  waitUntil,
} from '@snaptrack/testing';

const url = process.env.SNAPTRACK_RABBITMQ_URL!;
const prefix = `${process.env.SNAPTRACK_RMQ_PREFIX}-dlq`;
const dlq = deadLetterQueueName(prefix, 'export');
const cli = path.resolve('tools/dlq/cli.mjs');
const handled: { messageId: string; password: string }[] = [];
let fault = true;
let handledBeforeReplay = 0;

@Controller()
class FlakyHandler {
  @EventPattern('export.test.flaky.v1')
  flaky(@Payload() envelope: { ctx: { messageId: string }; data: { password: string } }): void {
    if (fault) throw new Error('the fault is still there');
    handled.push({ messageId: envelope.ctx.messageId, password: envelope.data.password });
  }
}

@Module({ controllers: [FlakyHandler] })
class FlakyModule {}

/** `npm run dlq -- …args` against this test's queues; JSON output parsed when asked for. */
function dlqTool(...args: string[]) {
  const result = spawnSync(process.execPath, [cli, ...args], {
    env: { ...process.env, RABBITMQ_URL: url, RMQ_PREFIX: prefix, NODE_NO_WARNINGS: '1' },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
interface Listed {
  dlq: string;
  exists: boolean;
  count: number;
  messages: { id: string; diedAt: string; [fact: string]: unknown }[];
}
const json = (...args: string[]): Listed[] => {
  const result = dlqTool(...args, '--json');
  expect(result.stderr).toBe('');
  return JSON.parse(result.stdout) as Listed[];
};
const exportDlq = (list: Listed[]): Listed => list.find((queue) => queue.dlq === dlq)!;

const depth = (queue: string): Promise<number> => queueDepth(url, queue);

/** The depths RabbitMQ's exporter reports for `queues`, from one scrape: what the alert reads. */
async function exportedDepths(...queues: string[]): Promise<number[]> {
  const { samples } = await scrapeBrokerQueues();
  return queues.map((queue) => metricValue(samples, 'rabbitmq_detailed_queue_messages', { queue }));
}

let app: INestMicroservice;
let bus: BusClient;
const messageId = randomUUID();
const requestId = `dlq-test-${messageId.slice(0, 8)}`;
const password = 'hunter2-never-shown';

beforeAll(async () => {
  // The deploy step's part (exchanges, queues, bindings): services only consume them.
  const connection = await amqp.connect(url);
  await declareBusTopology(await connection.createChannel(), prefix, ['export']);
  await connection.close();
  app = await NestFactory.createMicroservice(FlakyModule, {
    strategy: new ReliableRmqServer({
      url,
      prefix,
      service: 'export',
      prefetch: 1,
      logger: createLogger('dlq-test', 'silent'),
      shutdownGraceMs: 2_000,
    }),
    logger: false,
  });
  await app.listen();
  bus = new BusClient({ url, prefix, timeoutMs: 3_000 });
});

afterAll(async () => {
  await bus.close();
  await app.close();
  await deleteRunQueues(url, prefix);
});

describe('npm run dlq', () => {
  it('lists a message whose handler kept throwing: what, when, where, why', async () => {
    await bus.emit('export', 'export.test.flaky.v1', {
      ctx: { requestId, messageId },
      data: { password, note: 'kept' },
    });
    await waitUntil(async () => (await depth(dlq)) === 1);

    const list = json('list');
    const queue = exportDlq(list);
    expect(queue).toMatchObject({ exists: true, count: 1 });
    expect(queue.messages[0]).toMatchObject({
      id: messageId,
      pattern: 'export.test.flaky.v1',
      requestId,
      kind: 'event',
      reason: 'delivery_limit',
      originalQueue: `${prefix}.export`,
    });
    expect(Date.parse(queue.messages[0].diedAt)).toBeGreaterThan(Date.now() - 60_000);
    // Queues of services that never ran on this prefix are reported, not created.
    expect(list.find((item) => item.dlq === `${prefix}.auth.dlq`)).toMatchObject({
      exists: false,
    });

    const text = dlqTool('list', '--queue', 'export');
    expect(text.status).toBe(0);
    expect(text.stdout).toContain(`${dlq}: 1 message(s)`);
    expect(text.stdout).toContain(messageId);
    // Looking leaves the message where it was, with the same id.
    expect(await depth(dlq)).toBe(1);
    expect(exportDlq(json('list')).messages[0].id).toBe(messageId);
  });

  it("shows the message in the broker's depth metric, which the alert reads", async () => {
    // The broker refreshes each queue's figures every few seconds, on each queue's own timer
    // (collect_statistics_interval): the work queue's can still show the message for a moment
    // after the dead-letter queue's show it arrived.
    const depths = () => exportedDepths(dlq, `${prefix}.export`);
    await waitUntil(async () => {
      const [dead, waiting] = await depths();
      return dead === 1 && waiting === 0;
    });
    expect(await depths()).toEqual([1, 0]);
  });

  it('shows the whole message with its secrets masked', () => {
    const shown = dlqTool('show', messageId);
    expect(shown.status).toBe(0);
    expect(shown.stdout).not.toContain(password);
    const view = JSON.parse(shown.stdout);
    expect(view.body.data.data).toEqual({ password: '***', note: 'kept' });
    expect(view.properties.messageId).toBe(messageId);
    expect(view.headers['x-death'][0]).toMatchObject({ reason: 'delivery_limit' });
    // A unique prefix of the id will do.
    expect(JSON.parse(dlqTool('show', messageId.slice(0, 8)).stdout).id).toBe(messageId);
  });

  it('replays it once, after the fault is gone, to a consumer that sees the same message id', async () => {
    fault = false;
    // The bus delivers at least once (the services' inboxes drop a copy): on a starved machine
    // (load 15 on 2 cores) a second copy of the message was still being retried beside the dead
    // one and was handled here. What counts is what the replay adds.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    handledBeforeReplay = handled.length;
    const replay = dlqTool('replay', messageId);
    expect(replay.stdout).toContain(`replayed ${messageId}`);
    expect(replay.status).toBe(0);
    await waitUntil(() => handled.length > handledBeforeReplay);
    // Give a second delivery every chance to show up.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(handled.slice(handledBeforeReplay)).toEqual([{ messageId, password }]);
    expect(await depth(dlq)).toBe(0);
    await waitUntil(async () => (await exportedDepths(dlq))[0] === 0);

    const again = dlqTool('replay', messageId);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain(`no dead letter with id ${messageId}`);
  });

  it('never replays a request, and drops only with --yes', async () => {
    const send = bus.send.bind(bus) as (p: string, d: unknown, c: object) => Promise<unknown>;
    await expect(send('export.test.nobody-answers.v1', {}, { requestId })).rejects.toMatchObject({
      code: 'UNKNOWN_PATTERN',
    });
    await waitUntil(async () => (await depth(dlq)) === 1);
    const [request] = exportDlq(json('list')).messages;
    expect(request).toMatchObject({ kind: 'request', reason: 'rejected' });

    const replay = dlqTool('replay', request.id);
    expect(replay.status).toBe(1);
    expect(replay.stderr).toContain('its caller is gone');
    const all = dlqTool('replay', '--all');
    expect(all.stdout).toContain('0 replayed, 1 skipped');

    const dry = dlqTool('drop', request.id);
    expect(dry.status).toBe(1);
    expect(dry.stdout).toContain('add --yes');
    expect(await depth(dlq)).toBe(1);

    const drop = dlqTool('drop', request.id, '--yes');
    expect(drop.status).toBe(0);
    expect(drop.stdout).toContain(`dropped ${request.id}`);
    expect(await depth(dlq)).toBe(0);
    expect(handled).toHaveLength(handledBeforeReplay + 1);
  });

  it('reads the dead-letter queues of the running stack', () => {
    const result = spawnSync(process.execPath, [cli, 'list', '--json'], {
      env: {
        ...process.env,
        RABBITMQ_URL: url,
        RMQ_PREFIX: process.env.SNAPTRACK_RMQ_PREFIX,
        NODE_NO_WARNINGS: '1',
      },
      encoding: 'utf8',
    });
    expect(result.status).toBe(0);
    const queues = JSON.parse(result.stdout) as { dlq: string; exists: boolean }[];
    expect(queues.map((queue) => queue.dlq)).toContain(
      `${process.env.SNAPTRACK_RMQ_PREFIX}.auth.session.dlq`,
    );
    // Every service of the stack declared its DLQ (and auth its session lane's).
    expect(queues.every((queue) => queue.exists)).toBe(true);
  });

  it('says what is wrong, without a stack trace, when it cannot work', () => {
    const unknown = dlqTool('frobnicate');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('unknown command frobnicate');
    const noBroker = spawnSync(process.execPath, [cli, 'list'], {
      env: {
        ...process.env,
        RABBITMQ_URL: 'amqp://guest:guest@127.0.0.1:1',
        NODE_NO_WARNINGS: '1',
      },
      encoding: 'utf8',
    });
    expect(noBroker.status).toBe(1);
    expect(noBroker.stderr).toMatch(
      /^dlq: cannot connect to RabbitMQ at 127\.0\.0\.1:1 .*check RABBITMQ_URL\n$/,
    );
  });
});
