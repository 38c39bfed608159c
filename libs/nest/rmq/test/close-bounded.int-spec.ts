import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import net from 'node:net';
import amqp from 'amqplib';
import { createLogger } from '@snaptrack/nest-logging';
import { BusClient, ReliableRmqServer, declareBusTopology } from '../src/index.js';
import { deleteRunQueues, waitUntil } from '@snaptrack/testing';

// amqplib settles a close only on the broker's close-ok. A broker that stops answering (or a
// connection that dies of a missed heartbeat first) once left a close waiting for ever while the
// connection manager connected again: a shutdown that never ended, a process that never exited.
const url = process.env.SNAPTRACK_RABBITMQ_URL!;
const prefix = `${process.env.SNAPTRACK_RMQ_PREFIX}-close`;

/** AMQP 0-9-1: a method frame's type, and channel.close's class and method ids. */
const METHOD_FRAME = 1;
const CHANNEL_CLOSE = [20, 40];
const PROTOCOL_HEADER_BYTES = 8;

/**
 * A TCP relay to the broker that goes silent as soon as a client closes a channel: the broker's
 * frames are dropped from then on, as if it had stopped answering just then, so the close-ok
 * never comes. Counts the connections made through it.
 */
class SilencingRelay {
  connections = 0;
  silent = false;
  private readonly sockets = new Set<net.Socket>();
  private readonly server = net.createServer((client) => {
    this.connections += 1;
    const broker = new URL(url);
    const upstream = net.connect(Number(broker.port || 5672), broker.hostname);
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        this.sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    let sent = Buffer.alloc(0);
    let read = PROTOCOL_HEADER_BYTES;
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      sent = Buffer.concat([sent, chunk]);
      // Frames: type (1 byte), channel (2), size (4), payload, end marker (1).
      while (sent.length >= read + 7 && sent.length >= read + 8 + sent.readUInt32BE(read + 3)) {
        const size = sent.readUInt32BE(read + 3);
        const payload = sent.subarray(read + 7, read + 7 + size);
        if (sent[read] === METHOD_FRAME && size >= 4) {
          const method = [payload.readUInt16BE(0), payload.readUInt16BE(2)];
          if (method.join() === CHANNEL_CLOSE.join()) this.silent = true;
        }
        read += 8 + size;
      }
    });
    upstream.on('data', (chunk) => {
      if (!this.silent) client.write(chunk);
    });
  });

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const relayed = new URL(url);
    relayed.hostname = '127.0.0.1';
    relayed.port = String((this.server.address() as net.AddressInfo).port);
    return relayed.toString();
  }

  /** Connections made through the relay over the next few seconds, the broker answering again. */
  async reconnects(): Promise<number> {
    const before = this.connections;
    this.silent = false;
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    return this.connections - before;
  }

  async close(): Promise<void> {
    this.sockets.forEach((socket) => socket.destroy());
    await new Promise((resolve) => this.server.close(resolve));
  }
}

@Module({})
class EmptyModule {}

beforeAll(async () => {
  const connection = await amqp.connect(url);
  await declareBusTopology(await connection.createChannel(), prefix, ['export']);
  await connection.close();
});

afterAll(async () => {
  await deleteRunQueues(url, prefix);
});

describe('closing the bus when the broker stops answering a close', () => {
  it('a client closes, and connects no more', async () => {
    const relay = new SilencingRelay();
    const bus = new BusClient({ url: await relay.listen(), prefix, timeoutMs: 10_000 });
    await bus.emit('export', 'export.test.close.v1', {
      ctx: { requestId: 'close-test', messageId: 'before-silence' },
      data: {},
    });
    await bus.close();
    expect(await relay.reconnects()).toBe(0);
    await relay.close();
  }, 60_000);

  it('a service closes, and connects no more', async () => {
    const relay = new SilencingRelay();
    const app: INestMicroservice = await NestFactory.createMicroservice(EmptyModule, {
      strategy: new ReliableRmqServer({
        url: await relay.listen(),
        prefix,
        service: 'export',
        prefetch: 1,
        logger: createLogger('close-test', 'silent'),
        shutdownGraceMs: 1_000,
      }),
      logger: false,
    });
    await app.listen();
    await waitUntil(() => relay.connections > 0);
    await app.close();
    expect(await relay.reconnects()).toBe(0);
    await relay.close();
  }, 60_000);
});
