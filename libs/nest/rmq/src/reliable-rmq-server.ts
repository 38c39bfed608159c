import {
  ServerRMQ,
  RmqContext,
  type OutgoingResponse,
  type RmqOptions,
} from '@nestjs/microservices';
import { laneOf, type ServiceName, type MessageContext } from '@snaptrack/contracts';
import { runInRequestContext, type Logger } from '@snaptrack/nest-logging';
import { isObservable, lastValueFrom } from 'rxjs';
import type { Channel, ConsumeMessage } from 'amqplib';
import {
  BUS_SOCKET_OPTIONS,
  DELIVERY_LIMIT,
  busExchangeName,
  busRoutingKey,
  isReplyRoutingKey,
  replyExchangeName,
  workQueueName,
  workQueueOptions,
} from './topology.js';
import { toBusError } from './bus-error.js';
import { CREATED_AT_HEADER, busMetrics } from './bus-metrics.js';
import { secondsSince } from './metrics.js';
import { contextFromHeaders, inBusSpan, markFailed } from './bus-tracing.js';
import { onChannelSetupError } from './channel-errors.js';
import { CLOSE_WAIT_MS, closeWithin, settledWithin } from './bounded-close.js';

export interface ReliableServerOptions {
  url: string;
  prefix: string;
  service: ServiceName;
  /** How many messages may be in flight at once (e.g. the OCR worker count). */
  prefetch: number;
  logger: Logger;
  /** How long close() waits for in-flight handlers before closing the channel. */
  shutdownGraceMs: number;
  /**
   * Extra queues of this service (`<prefix>.<service>.<lane>`, see `laneOf`), each consumed with
   * its own prefetch, so their requests never wait behind the work queue's slow messages.
   */
  lanes?: { name: string; prefetch: number }[];
}

/**
 * Nest's RMQ server with at-least-once semantics (docs/architecture.md, Messaging guarantees):
 * manual ack only after the handler finished, an explicit nack when it throws (Nest never nacks, so
 * one poison message would hold its prefetch slot forever), unknown patterns dead-lettered, and a
 * drain on close that stops consuming and waits for in-flight handlers. Replies go through the
 * reply exchange (a service user may not write to the default exchange), and a message is only
 * handled if its routing key names its pattern: the broker checked the key against the sender's
 * rights, so the pattern inside must be the one it checked.
 */
export class ReliableRmqServer extends ServerRMQ {
  private inFlight = 0;
  private drained: (() => void)[] = [];
  private rawChannel?: Channel;
  private replyChannel?: Promise<Channel>;
  private readonly consumerTag: string;
  private closing = false;

  constructor(private readonly reliable: ReliableServerOptions) {
    const consumerTag = `${reliable.service}-${process.pid}-${Date.now()}`;
    super({
      urls: [reliable.url],
      queue: workQueueName(reliable.prefix, reliable.service),
      queueOptions: workQueueOptions(reliable.prefix, reliable.service),
      // Declared by the deploy step (declareBusTopology); a service user may not declare queues.
      noAssert: true,
      noAck: false,
      prefetchCount: reliable.prefetch,
      isGlobalPrefetchCount: false,
      persistent: true,
      consumerTag,
      socketOptions: BUS_SOCKET_OPTIONS,
    } satisfies RmqOptions['options']);
    this.consumerTag = consumerTag;
  }

  /**
   * Nest's start, plus a listener on the consumers' channel wrapper, which Nest creates on the
   * first connect: a failed setup (channel-errors.ts) leaves this service consuming nothing, so
   * it is logged and the connection made again, which runs the setup again.
   */
  override async start(callback?: (error?: unknown) => void): Promise<void> {
    await super.start(callback);
    const manager = this.server as { once(event: 'connect', listener: () => void): unknown };
    manager.once('connect', () =>
      onChannelSetupError(this.channel, (error) => this.reconnectAfter(error)),
    );
  }

  private reconnectAfter(error: unknown): void {
    if (this.closing) return;
    this.reliable.logger.error({ err: error }, 'bus channel setup failed: reconnecting');
    const manager = this.server as { reconnect(): void } | null;
    setTimeout(() => {
      if (!this.closing) manager?.reconnect();
    }, BUS_SOCKET_OPTIONS.reconnectTimeInSeconds * 1_000).unref();
  }

  /**
   * Runs on every (re)connect: one consumer on the work queue and one per lane, all on queues the
   * deploy step declared (declareBusTopology). Per-consumer prefetch (`global: false`) applies to
   * the consumers started after it, so each lane's limit is its own and not shared with the work
   * queue's. Nest's own setup does not wait for its consume, so a missing queue would be an
   * unhandled rejection and the service would seem to listen while consuming nothing; here a
   * failed consume fails the setup, which reconnects (start).
   */
  override async setupChannel(channel: Channel, callback: () => void): Promise<void> {
    this.rawChannel = channel;
    for (const consumer of this.consumers()) {
      await channel.prefetch(consumer.prefetch, false);
      await channel.consume(
        consumer.queue,
        (message) => {
          this.handleMessage(message as Record<string, unknown> | null, channel).catch(
            (error: unknown) => this.reliable.logger.error({ err: error }, 'message failed'),
          );
        },
        { noAck: false, consumerTag: consumer.tag },
      );
    }
    callback();
  }

  /** The work queue and each lane: what is consumed, how many at once, under which tag. */
  private consumers(): { queue: string; prefetch: number; tag: string }[] {
    const { prefix, service, prefetch, lanes = [] } = this.reliable;
    return [
      { queue: workQueueName(prefix, service), prefetch, tag: this.consumerTag },
      ...lanes.map((lane) => ({
        queue: workQueueName(prefix, service, lane.name),
        prefetch: lane.prefetch,
        tag: `${this.consumerTag}-${lane.name}`,
      })),
    ];
  }

  /**
   * Nest publishes replies with `sendToQueue` (the default exchange); ours go through the reply
   * exchange, on a channel of their own, and only to a reply key of the user who sent the
   * request (its `user-id`, which the broker verified), so the broker never refuses one: a
   * refused publish closes its channel, and a caller could otherwise silence every reply by
   * naming a key this service may not answer. The channel is replaced whenever it closes.
   */
  override sendMessage<T = unknown>(
    message: T,
    replyTo: unknown,
    correlationId: string,
    context?: RmqContext,
  ): void {
    const request = context?.getMessage() as ConsumeMessage | undefined;
    if (!request || !this.mayReplyTo(request, replyTo)) {
      this.reliable.logger.warn('reply dropped: the request named no reply key of its sender');
      return;
    }
    const { options, ...packet } = this.serializer.serialize(
      message as unknown as OutgoingResponse,
    ) as {
      options?: Record<string, unknown>;
    };
    void this.replies()
      .then((channel) =>
        channel.publish(
          replyExchangeName(this.reliable.prefix),
          replyTo,
          Buffer.from(JSON.stringify(packet)),
          { correlationId, ...options },
        ),
      )
      .catch((error: unknown) => this.reliable.logger.warn({ err: error }, 'reply not sent'));
  }

  /** Through the bus, only to the sender's own keys; administrators (default exchange) anywhere. */
  private mayReplyTo(request: ConsumeMessage, replyTo: unknown): replyTo is string {
    const { prefix } = this.reliable;
    if (!isReplyRoutingKey(prefix, replyTo)) return false;
    if (request.fields.exchange === '') return true;
    const sender: unknown = request.properties.userId;
    return typeof sender === 'string' && replyTo.startsWith(`${prefix}.reply.${sender}.`);
  }

  private replies(): Promise<Channel> {
    this.replyChannel ??= (async () => {
      const connection = (
        this.server as unknown as { connection?: { createChannel(): Promise<Channel> } } | null
      )?.connection;
      if (!connection) throw new Error('not connected to the broker');
      const channel = await connection.createChannel();
      const forget = () => {
        this.replyChannel = undefined;
      };
      channel.on('close', forget);
      channel.on('error', (error: unknown) =>
        this.reliable.logger.warn({ err: error }, 'reply channel closed'),
      );
      return channel;
    })().catch((error: unknown) => {
      this.replyChannel = undefined;
      throw error;
    });
    return this.replyChannel;
  }

  // Nest types the message loosely; amqplib hands us a ConsumeMessage (or null on cancel).
  override async handleMessage(
    message: Record<string, unknown> | null,
    channel: Channel,
  ): Promise<void> {
    if (!message) return;
    this.inFlight += 1;
    try {
      await this.process(message as unknown as ConsumeMessage, channel);
    } finally {
      this.inFlight -= 1;
      if (this.inFlight === 0) this.drained.splice(0).forEach((resolve) => resolve());
    }
  }

  /**
   * Stops taking messages, lets in-flight handlers finish (bounded), then closes; each step that
   * waits on the broker is bounded too (bounded-close.ts), so a shutdown always ends.
   */
  override async close(): Promise<void> {
    this.closing = true;
    for (const { tag } of this.consumers()) {
      // The channel may already be gone; its unacked messages are then requeued by the broker.
      if (this.rawChannel) await settledWithin(this.rawChannel.cancel(tag), CLOSE_WAIT_MS);
    }
    if (this.inFlight > 0) {
      this.reliable.logger.info({ inFlight: this.inFlight }, 'draining in-flight messages');
      await Promise.race([
        new Promise<void>((resolve) => this.drained.push(resolve)),
        new Promise<void>((resolve) => setTimeout(resolve, this.reliable.shutdownGraceMs).unref()),
      ]);
    }
    if (this.replyChannel) {
      await settledWithin(
        this.replyChannel.then((channel) => channel.close()),
        CLOSE_WAIT_MS,
      );
    }
    const manager: unknown = this.server;
    if (!(await closeWithin(() => super.close(), manager))) {
      this.reliable.logger.warn('the broker did not answer the close: connection dropped');
    }
  }

  private async process(message: ConsumeMessage, channel: Channel): Promise<void> {
    const { logger } = this.reliable;
    let packet: { id?: string; pattern: string; data: unknown };
    try {
      const raw: unknown = JSON.parse(message.content.toString());
      packet = (await this.deserializer.deserialize(raw, message.properties)) as typeof packet;
    } catch {
      logger.warn('unparsable message dead-lettered');
      busMetrics.deadLettered(undefined, 'unparsable');
      this.settle(channel, message, 'reject');
      return;
    }
    const pattern = this.getPatternAsString(packet.pattern);
    const context = new RmqContext([message, channel, pattern]);
    const handler = this.routedAsItSays(message, pattern)
      ? this.getHandlerByPattern(pattern)
      : null;
    const ctx = readContext(packet.data);
    const reply = (body: object) =>
      this.sendMessage(
        body,
        message.properties.replyTo as string,
        message.properties.correlationId as string,
        context,
      );

    if (!handler) {
      logger.warn({ pattern }, 'no handler for pattern: dead-lettered');
      // A sender names the pattern: only a pattern this service handles becomes a label.
      const known = this.getHandlerByPattern(pattern) ? pattern : undefined;
      busMetrics.deadLettered(known, known ? 'misrouted' : 'unknown_pattern');
      this.settle(channel, message, 'reject');
      if (packet.id !== undefined) {
        reply({
          id: packet.id,
          err: { code: 'UNKNOWN_PATTERN', message: 'No handler for this message.' },
          status: 'error',
          isDisposed: true,
        });
      }
      return;
    }

    if (message.fields.redelivered || deliveryCount(message) > 0) busMetrics.redelivered(pattern);
    else busMetrics.waited(pattern, message.properties.headers?.[CREATED_AT_HEADER]);
    const started = process.hrtime.bigint();
    // The handler runs in a span of the sender's trace (its `traceparent` header, bus-tracing.ts).
    const run = (work: () => Promise<void>) =>
      inBusSpan(
        packet.id !== undefined ? 'request' : 'event',
        pattern,
        contextFromHeaders(message.properties.headers),
        () => runInRequestContext(ctx, work),
        typeof message.properties.messageId === 'string' ? message.properties.messageId : undefined,
      );
    await run(async () => {
      try {
        const result: unknown = await handler(packet.data, context);
        const value: unknown = isObservable(result)
          ? await lastValueFrom(result, { defaultValue: undefined })
          : result;
        busMetrics.handled(pattern, 'ok', secondsSince(started));
        if (packet.id !== undefined) reply({ id: packet.id, response: value, isDisposed: true });
        this.settle(channel, message, 'ack');
      } catch (error) {
        busMetrics.handled(pattern, 'error', secondsSince(started));
        markFailed(error);
        if (packet.id !== undefined) {
          // A request's caller is waiting: answer with the error and do not retry.
          reply({
            id: packet.id,
            err: toBusError(error).toEnvelope(),
            status: 'error',
            isDisposed: true,
          });
          this.settle(channel, message, 'ack');
          return;
        }
        const attempt = deliveryCount(message) + 1;
        logger.error(
          { err: error, pattern, attempt },
          'event handler failed; will retry or dead-letter',
        );
        // Back off a little before the broker redelivers; the delivery limit bounds the retries.
        await new Promise((resolve) => setTimeout(resolve, Math.min(250 * attempt, 2_000)));
        // The broker dead-letters a message returned more often than the queue's delivery limit.
        if (attempt > DELIVERY_LIMIT) busMetrics.deadLettered(pattern, 'retries_exhausted');
        this.settle(channel, message, 'retry');
      }
    });
  }

  /**
   * Through the bus exchange, the routing key must be `<this service>.<pattern>` (or
   * `<this service>:<lane>.<pattern>` for a lane's pattern, see `laneOf`): the key is
   * what the broker checked against the sender's topic permission. The default exchange is
   * open to administrators only (operators' tools and the tests' own publisher).
   */
  private routedAsItSays(message: ConsumeMessage, pattern: string): boolean {
    const { exchange, routingKey } = message.fields;
    if (exchange === '') return true;
    // Dead-lettering republishes without any permission check: a dead letter is never a request.
    if (message.properties.headers?.['x-death'] !== undefined) {
      this.reliable.logger.warn({ pattern }, 'dead-lettered message on the bus: dead-lettered');
      return false;
    }
    // A lane's pattern comes only under its lane's key (BusClient sends it nowhere else).
    const expected = busRoutingKey(this.reliable.service, pattern, laneOf(pattern));
    if (exchange === busExchangeName(this.reliable.prefix) && routingKey === expected) return true;
    this.reliable.logger.warn(
      { pattern, exchange, routingKey },
      'routing key does not match the pattern: dead-lettered',
    );
    return false;
  }

  /** ack, nack-with-requeue (counts towards the delivery limit), or reject to the DLQ. */
  private settle(
    channel: Channel,
    message: ConsumeMessage,
    outcome: 'ack' | 'retry' | 'reject',
  ): void {
    try {
      if (outcome === 'ack') channel.ack(message);
      else channel.nack(message, false, outcome === 'retry');
    } catch (error) {
      // After a reconnect the old channel is closed; the broker has requeued the message.
      this.reliable.logger.warn({ err: error, outcome }, 'could not settle message');
    }
  }
}

function readContext(data: unknown): MessageContext {
  const ctx = (data as { ctx?: Partial<MessageContext> } | undefined)?.ctx;
  const requestId = typeof ctx?.requestId === 'string' ? ctx.requestId.slice(0, 128) : 'none';
  const userId = typeof ctx?.userId === 'string' ? ctx.userId : undefined;
  return { requestId, userId };
}

function deliveryCount(message: ConsumeMessage): number {
  const count: unknown = message.properties.headers?.['x-delivery-count'];
  return typeof count === 'number' ? count : 0;
}
