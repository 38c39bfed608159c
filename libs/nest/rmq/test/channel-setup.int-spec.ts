import { afterAll, describe, expect, it } from '@jest/globals';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { EventPattern, Payload } from '@nestjs/microservices';
import amqp from 'amqplib';
import { createLogger } from '@snaptrack/nest-logging';
import { BusClient, ReliableRmqServer, declareBusTopology, workQueueName } from '../src/index.js';
import { deleteRunQueues, queueDepth, waitUntil } from '@snaptrack/testing';

// A channel whose setup fails (channel-errors.ts) once threw an unhandled 'error' event: the
// process ended. Both cases below did so before the listeners were added.
const url = process.env.SNAPTRACK_RABBITMQ_URL!;
const prefix = `${process.env.SNAPTRACK_RMQ_PREFIX}-setup`;
const envelope = (messageId: string) => ({
  ctx: { requestId: 'channel-setup-test', messageId },
  data: {},
});

const handled: string[] = [];

@Controller()
class Handlers {
  @EventPattern('export.test.setup.v1')
  seen(@Payload() envelope: { ctx: { messageId: string } }): void {
    handled.push(envelope.ctx.messageId);
  }
}

@Module({ controllers: [Handlers] })
class SetupModule {}

async function declareTopology(): Promise<void> {
  const connection = await amqp.connect(url);
  await declareBusTopology(await connection.createChannel(), prefix, ['export']);
  await connection.close();
}

let app: INestMicroservice | undefined;

afterAll(async () => {
  await app?.close();
  await deleteRunQueues(url, prefix);
});

describe('a bus channel whose setup fails', () => {
  it('starts consuming once the deploy step declared the queues a service started before', async () => {
    app = await NestFactory.createMicroservice(SetupModule, {
      strategy: new ReliableRmqServer({
        url,
        prefix,
        service: 'export',
        prefetch: 1,
        logger: createLogger('channel-setup-test', 'silent'),
        shutdownGraceMs: 1_000,
      }),
      logger: false,
    });
    // Its work queue does not exist yet: consuming it fails the setup (404), again and again.
    const listening = app.listen();
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await declareTopology();
    await listening;

    const bus = new BusClient({ url, prefix, timeoutMs: 10_000 });
    await bus.emit('export', 'export.test.setup.v1', envelope('after-deploy'));
    await waitUntil(() => handled.includes('after-deploy'));
    await bus.close();
  }, 60_000);

  it('fails the call of a client given up on while connecting, never the process', async () => {
    // Timeouts short enough to close the client while its reply queue is being declared.
    const outcomes: string[] = [];
    for (let ms = 1; ms <= 60; ms += 1) {
      const bus = new BusClient({ url, prefix, timeoutMs: ms });
      await bus
        .emit('export', 'export.test.setup.v1', envelope(`hurried-${ms}`))
        .then(() => outcomes.push('sent'))
        .catch((error: { code?: string }) => outcomes.push(error.code ?? 'error'));
      await bus.close();
    }
    expect(outcomes).toContain('SERVICE_UNAVAILABLE');
    // A patient client after them is served as ever.
    const bus = new BusClient({ url, prefix, timeoutMs: 10_000 });
    await bus.emit('export', 'export.test.setup.v1', envelope('patient'));
    await waitUntil(() => handled.includes('patient'));
    await bus.close();
    await waitUntil(async () => (await queueDepth(url, workQueueName(prefix, 'export'))) === 0);
  }, 60_000);
});
