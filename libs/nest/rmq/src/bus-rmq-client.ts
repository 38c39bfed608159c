import { randomUUID } from 'node:crypto';
import { ClientRMQ, type ReadPacket, type WritePacket } from '@nestjs/microservices';
import type { Channel } from 'amqplib';
import type { ServiceName } from '@snaptrack/contracts';
import {
  BUS_SOCKET_OPTIONS,
  busExchangeName,
  busRoutingKey,
  replyExchangeName,
  replyRoutingKey,
  workQueueName,
} from './topology.js';
import { onChannelSetupError } from './channel-errors.js';
import { closeWithin } from './bounded-close.js';

/** A confirm channel's publish: resolves once the broker has the message. */
export interface PublishingChannel {
  publish(
    exchange: string,
    routingKey: string,
    content: Buffer,
    options?: object,
  ): Promise<unknown>;
  close(): Promise<void>;
}

export interface BusRmqClientOptions {
  url: string;
  prefix: string;
  destination: ServiceName;
  /** One of the destination's lanes (`laneOf`): its own queue and routing keys. */
  lane?: string;
}

/**
 * Nest's RMQ client, routed through the bus exchange instead of the default exchange, with its
 * own reply queue instead of direct reply-to. Both only so that RabbitMQ can check who may send
 * what (docs/security.md, "Message bus"): a publish through the default exchange reaches any
 * queue, so no service user may write to it.
 *
 * - Requests and events go to `<prefix>.bus` with the routing key `<destination>.<pattern>`
 *   (`<destination>:<lane>.<pattern>` for a lane); each user's topic permission lists the keys
 *   its contract allows.
 * - Replies come back through `<prefix>.replies` under a key naming the connection's user
 *   (`<prefix>.reply.<user>.<id>`, the requests' `replyTo`), bound to a server-named exclusive
 *   queue; only that user may bind the key.
 * - No other queue is declared here: the deploy step declares the topology (topology.ts).
 */
export class BusRmqClient extends ClientRMQ {
  private readonly exchange: string;
  private readonly routingPrefix: string;
  private readonly replyExchange: string;
  private readonly replyKey: string;
  /** Sent as `user-id` (the broker refuses a wrong one): the server answers only its keys. */
  private readonly user: string;

  constructor(options: BusRmqClientOptions) {
    super({
      urls: [options.url],
      queue: workQueueName(options.prefix, options.destination, options.lane),
      noAssert: true,
      persistent: true,
      socketOptions: BUS_SOCKET_OPTIONS,
    });
    this.exchange = busExchangeName(options.prefix);
    this.routingPrefix = busRoutingKey(options.destination, '', options.lane);
    this.replyExchange = replyExchangeName(options.prefix);
    this.user = brokerUser(options.url);
    this.replyKey = replyRoutingKey(options.prefix, this.user, randomUUID());
  }

  /**
   * Why the broker closed our channel, when it refused a publish (a message this user may not
   * send). The channel then stays closed until a reconnect: the owner should discard us.
   */
  refusal?: string;

  /** Why this client's channel failed its setup: it stays closed, the owner should discard us. */
  channelLost?: string;

  private closing = false;

  /**
   * Nest's channel wrapper, with a listener for a failed setup (channel-errors.ts). Closing a
   * client that is still connecting (the caller gave up) fails its setup too: not worth a word.
   */
  override createChannel(): Promise<void> {
    const created = super.createChannel();
    onChannelSetupError(this.channel, (error) => {
      this.channelLost = error instanceof Error ? error.message : String(error);
      if (!this.closing) this.logger.warn(`bus channel setup failed: ${this.channelLost}`);
    });
    return created;
  }

  /** Nest's close, bounded (bounded-close.ts): a broker that stops answering never holds it. */
  override async close(): Promise<void> {
    this.closing = true;
    const manager: unknown = this.client;
    if (!(await closeWithin(() => super.close(), manager))) {
      this.logger.warn('the broker did not answer the close: connection dropped');
    }
  }

  /** Runs on every (re)connect: a fresh server-named reply queue, bound to our reply key. */
  override async setupChannel(channel: Channel, resolve: () => void): Promise<void> {
    channel.on('error', (error: Error) => {
      if (/ACCESS.REFUSED/.test(error.message)) this.refusal = error.message;
    });
    const { queue } = await channel.assertQueue('', {
      exclusive: true,
      autoDelete: true,
      durable: false,
    });
    await channel.bindQueue(queue, this.replyExchange, this.replyKey);
    this.replyQueue = queue;
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
      }) => void this.handleMessage(this.parseMessageContent(content), properties, callback);
      Object.assign(message, { id: correlationId });
      const { options, ...packet } = this.serializer.serialize(message) as {
        options?: Record<string, unknown>;
      };
      this.responseEmitter.on(correlationId, listener);
      this.routingMap.set(correlationId, callback as (packet: WritePacket) => void);
      cleanup = () => {
        this.routingMap.delete(correlationId);
        this.responseEmitter.removeListener(correlationId, listener);
      };
      const sendOptions = {
        replyTo: this.replyKey,
        persistent: true,
        ...options,
        userId: this.user,
        correlationId,
      };
      this.publisher
        .publish(
          this.exchange,
          this.routingKey(message.pattern),
          Buffer.from(JSON.stringify(packet)),
          sendOptions,
        )
        .catch((err: unknown) => callback({ err }));
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
    return this.publisher.publish(
      this.exchange,
      this.routingKey(packet.pattern),
      Buffer.from(JSON.stringify(serialized)),
      { persistent: true, ...options, userId: this.user },
    );
  }

  /** Nest's channel wrapper (amqp-connection-manager), as far as publishing goes. */
  private get publisher(): PublishingChannel {
    const channel: unknown = this.channel;
    if (!channel) throw new Error('The bus client is not connected.');
    return channel as PublishingChannel;
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
