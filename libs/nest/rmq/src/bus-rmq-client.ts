import { randomUUID } from 'node:crypto';
import { ClientRMQ, type ReadPacket, type WritePacket } from '@nestjs/microservices';
import type { Channel } from 'amqplib';
import type { ServiceName } from '@snaptrack/contracts';
import {
  BUS_SOCKET_OPTIONS,
  busExchangeName,
  busRoutingKey,
  replyExchangeName,
  replyQueueName,
  workQueueName,
} from './topology.js';

export interface BusRmqClientOptions {
  url: string;
  prefix: string;
  destination: ServiceName;
}

/**
 * Nest's RMQ client, routed through the bus exchange instead of the default exchange, with its
 * own reply queue instead of direct reply-to. Both only so that RabbitMQ can check who may send
 * what (docs/security.md, "Message bus"): a publish through the default exchange reaches any
 * queue, so no service user may write to it.
 *
 * - Requests and events go to `<prefix>.bus` with the routing key `<destination>.<pattern>`;
 *   each user's topic permission lists the keys its contract allows.
 * - Replies come back through `<prefix>.replies` to an exclusive queue named after the
 *   connection's user (`<prefix>.reply.<user>.<id>`), which only that user may bind or read.
 * - The destination's queue is never declared here: declaring it needs configure rights on it,
 *   which would also allow deleting it. Its consumer and the deploy step declare it.
 */
export class BusRmqClient extends ClientRMQ {
  private readonly exchange: string;
  private readonly routingPrefix: string;
  private readonly replyExchange: string;

  constructor(options: BusRmqClientOptions) {
    const replyQueue = replyQueueName(options.prefix, brokerUser(options.url), randomUUID());
    super({
      urls: [options.url],
      queue: workQueueName(options.prefix, options.destination),
      noAssert: true,
      replyQueue,
      persistent: true,
      socketOptions: BUS_SOCKET_OPTIONS,
    });
    this.exchange = busExchangeName(options.prefix);
    this.routingPrefix = busRoutingKey(options.destination, '');
    this.replyExchange = replyExchangeName(options.prefix);
  }

  /** Runs on every (re)connect: the exclusive reply queue, bound under its own name. */
  override async setupChannel(channel: Channel, resolve: () => void): Promise<void> {
    await channel.assertQueue(this.replyQueue, {
      exclusive: true,
      autoDelete: true,
      durable: false,
    });
    await channel.bindQueue(this.replyQueue, this.replyExchange, this.replyQueue);
    await this.consumeChannel(channel);
    resolve();
  }

  // Nest's publish, with `channel.publish(bus, key)` in place of `sendToQueue(queue)`.
  protected override publish(
    message: ReadPacket,
    callback: (packet: WritePacket) => unknown,
  ): () => void {
    let cleanup = () => {};
    try {
      const correlationId = randomUUID();
      const listener = ({
        content,
        properties,
      }: {
        content: Buffer;
        properties: Record<string, unknown>;
      }) => this.handleMessage(this.parseMessageContent(content), properties, callback);
      Object.assign(message, { id: correlationId });
      const { options, ...packet } = this.serializer.serialize(message) as {
        options?: Record<string, unknown>;
      };
      this.responseEmitter.on(correlationId, listener);
      this.routingMap.set(correlationId, callback);
      cleanup = () => {
        this.routingMap.delete(correlationId);
        this.responseEmitter.removeListener(correlationId, listener);
      };
      const sendOptions = { replyTo: this.replyQueue, persistent: true, ...options, correlationId };
      this.channel!.publish(
        this.exchange,
        this.routingKey(message.pattern),
        Buffer.from(JSON.stringify(packet)),
        sendOptions,
      ).catch((err: unknown) => callback({ err }));
      return cleanup;
    } catch (err) {
      cleanup();
      callback({ err });
      return () => {};
    }
  }

  // Nest's dispatchEvent, through the bus exchange; resolves on the broker's confirm.
  protected override dispatchEvent(packet: ReadPacket): Promise<unknown> {
    const { options, ...serialized } = this.serializer.serialize(packet) as {
      options?: Record<string, unknown>;
    };
    return this.channel!.publish(
      this.exchange,
      this.routingKey(packet.pattern),
      Buffer.from(JSON.stringify(serialized)),
      { persistent: true, ...options },
    );
  }

  private routingKey(pattern: unknown): string {
    return `${this.routingPrefix}${typeof pattern === 'string' ? pattern : JSON.stringify(pattern)}`;
  }
}

/** The user an amqp:// URL connects as (amqplib's default is guest). */
export function brokerUser(url: string): string {
  try {
    return decodeURIComponent(new URL(url).username) || 'guest';
  } catch {
    return 'guest';
  }
}
