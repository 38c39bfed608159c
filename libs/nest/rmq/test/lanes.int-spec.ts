import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern, Payload } from '@nestjs/microservices';
import amqp from 'amqplib';
import { AuthPatterns, laneOf } from '@snaptrack/contracts';
import { createLogger } from '@snaptrack/nest-logging';
import { deleteRunQueues } from '@snaptrack/testing';
import {
  BusClient,
  ReliableRmqServer,
  createRpcValidationPipe,
  deadLetterQueueName,
  declareBusTopology,
  workQueueName,
} from '../src/index.js';

const url = process.env.SNAPTRACK_RABBITMQ_URL!;
const prefix = `${process.env.SNAPTRACK_RMQ_PREFIX}-lanes`;
const logger = createLogger('lanes-test', 'silent');
const ctx = { requestId: 'lanes-test' };
const SLOW_MS = 2_000;

/** A service whose only work slot is busy for two seconds per message. */
@Controller()
class Handlers {
  @MessagePattern('auth.test.slow.v1')
  async slow(): Promise<{ done: true }> {
    await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
    return { done: true };
  }

  @MessagePattern(AuthPatterns.tokenVersion)
  tokenVersion(@Payload('data') data: { userId: string }): { authVersion: number } {
    return { authVersion: data.userId.length };
  }
}

let app: INestMicroservice;
let bus: BusClient;
const send = (pattern: string) =>
  (bus.send.bind(bus) as (p: string, d: unknown, c: typeof ctx) => Promise<unknown>)(
    pattern,
    pattern === AuthPatterns.tokenVersion ? { userId: 'abc' } : {},
    ctx,
  );

beforeAll(async () => {
  // The deploy step's part (exchanges, the work and lane queues), as the stack does it.
  const connection = await amqp.connect(url);
  await declareBusTopology(await connection.createChannel(), prefix, ['auth']);
  await connection.close();
  @Module({ controllers: [Handlers] })
  class LaneModule {}
  app = await NestFactory.createMicroservice(LaneModule, {
    strategy: new ReliableRmqServer({
      url,
      prefix,
      service: 'auth',
      prefetch: 1,
      lanes: [{ name: 'session', prefetch: 5 }],
      logger,
      shutdownGraceMs: 5_000,
    }),
    logger: false,
  });
  app.useGlobalPipes(createRpcValidationPipe());
  await app.listen();
  bus = new BusClient({ url, prefix, timeoutMs: 10_000 });
});

afterAll(async () => {
  await bus.close();
  await app.close();
  await deleteRunQueues(url, prefix);
});

describe('lanes', () => {
  it('sends token checks to <prefix>.auth.session, declared with its own dead-letter queue', async () => {
    expect(laneOf(AuthPatterns.tokenVersion)).toBe('session');
    expect(laneOf(AuthPatterns.login)).toBeUndefined();
    const connection = await amqp.connect(url);
    try {
      const channel = await connection.createChannel();
      const lane = await channel.checkQueue(workQueueName(prefix, 'auth', 'session'));
      expect(lane.queue).toBe(`${prefix}.auth.session`);
      expect(lane.consumerCount).toBe(1);
      await channel.checkQueue(deadLetterQueueName(prefix, 'auth', 'session'));
    } finally {
      await connection.close();
    }
  });

  it('answers a token check at once while every work slot is busy with slow work', async () => {
    // Three slow messages fill the single work slot for six seconds.
    const slow = [1, 2, 3].map(() => send('auth.test.slow.v1'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = performance.now();
    await expect(send(AuthPatterns.tokenVersion)).resolves.toEqual({ authVersion: 3 });
    const waited = performance.now() - started;
    process.stdout.write(`token check behind slow work: ${waited.toFixed(0)} ms\n`);
    expect(waited).toBeLessThan(SLOW_MS / 2);
    await Promise.all(slow);
  });
});
