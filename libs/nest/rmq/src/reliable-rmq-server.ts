import { ServerRMQ, RmqContext, type RmqOptions } from '@nestjs/microservices';
import type { ServiceName, MessageContext } from '@snaptrack/contracts';
import { requestContext, type Logger } from '@snaptrack/nest-logging';
import { isObservable, lastValueFrom } from 'rxjs';
import type { Channel, ConsumeMessage } from 'amqplib';
import {
  BUS_SOCKET_OPTIONS,
  declareServiceTopology,
  workQueueName,
  workQueueOptions,
} from './topology.js';
import { toBusError } from './bus-error.js';

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
 * Nest's RMQ server with at-least-once semantics (research §1): manual ack only after the
 * handler finished, an explicit nack when it throws (Nest never nacks, so one poison message
 * would hold its prefetch slot forever), unknown patterns dead-lettered, and a drain on close
 * that stops consuming and waits for in-flight handlers.
 */
export class ReliableRmqServer extends ServerRMQ {
  private inFlight = 0;
  private drained: (() => void)[] = [];
  private rawChannel?: Channel;
  private readonly consumerTag: string;

  constructor(private readonly reliable: ReliableServerOptions) {
    const consumerTag = `${reliable.service}-${process.pid}-${Date.now()}`;
    super({
      urls: [reliable.url],
      queue: workQueueName(reliable.prefix, reliable.service),
      queueOptions: workQueueOptions(reliable.prefix, reliable.service),
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
   * Runs on every (re)connect: dead-letter topology first, then Nest's queue and consumer, then
   * one consumer per lane. Per-consumer prefetch (`global: false`) applies to the consumers
   * started after it, so each lane's limit is its own and not shared with the work queue's.
   */
  override async setupChannel(channel: Channel, callback: () => void): Promise<void> {
    this.rawChannel = channel;
    const { prefix, service } = this.reliable;
    await declareServiceTopology(channel, prefix, service);
    for (const lane of this.reliable.lanes ?? []) {
      await declareServiceTopology(channel, prefix, service, lane.name);
    }
    await super.setupChannel(channel, () => undefined);
    for (const lane of this.reliable.lanes ?? []) {
      await channel.prefetch(lane.prefetch, false);
      await channel.consume(
        workQueueName(prefix, service, lane.name),
        (message) => {
          this.handleMessage(message as Record<string, unknown> | null, channel).catch(
            (error: unknown) => this.reliable.logger.error({ err: error }, 'lane message failed'),
          );
        },
        { noAck: false, consumerTag: this.laneConsumerTag(lane.name) },
      );
    }
    callback();
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

  /** Stops taking messages, lets in-flight handlers finish (bounded), then closes. */
  override async close(): Promise<void> {
    const tags = [
      this.consumerTag,
      ...(this.reliable.lanes ?? []).map((lane) => this.laneConsumerTag(lane.name)),
    ];
    for (const tag of tags) {
      try {
        await this.rawChannel?.cancel(tag);
      } catch {
        // The channel may already be gone; its unacked messages are then requeued by the broker.
      }
    }
    if (this.inFlight > 0) {
      this.reliable.logger.info({ inFlight: this.inFlight }, 'draining in-flight messages');
      await Promise.race([
        new Promise<void>((resolve) => this.drained.push(resolve)),
        new Promise<void>((resolve) => setTimeout(resolve, this.reliable.shutdownGraceMs).unref()),
      ]);
    }
    await super.close();
  }

  private laneConsumerTag(lane: string): string {
    return `${this.consumerTag}-${lane}`;
  }

  private async process(message: ConsumeMessage, channel: Channel): Promise<void> {
    const { logger } = this.reliable;
    let packet: { id?: string; pattern: string; data: unknown };
    try {
      const raw: unknown = JSON.parse(message.content.toString());
      packet = (await this.deserializer.deserialize(raw, message.properties)) as typeof packet;
    } catch {
      logger.warn('unparsable message dead-lettered');
      this.settle(channel, message, 'reject');
      return;
    }
    const pattern = this.getPatternAsString(packet.pattern);
    const context = new RmqContext([message, channel, pattern]);
    const handler = this.getHandlerByPattern(pattern);
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

    await requestContext.run(ctx, async () => {
      try {
        const result: unknown = await handler(packet.data, context);
        const value: unknown = isObservable(result)
          ? await lastValueFrom(result, { defaultValue: undefined })
          : result;
        if (packet.id !== undefined) reply({ id: packet.id, response: value, isDisposed: true });
        this.settle(channel, message, 'ack');
      } catch (error) {
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
        this.settle(channel, message, 'retry');
      }
    });
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
