import { RmqRecordBuilder } from '@nestjs/microservices';
import {
  laneOf,
  ownerOf,
  type Envelope,
  type MessageContext,
  type MessagePattern,
  type RequestOf,
  type ResponseOf,
  type ServiceName,
} from '@snaptrack/contracts';
import { lastValueFrom, timeout } from 'rxjs';
import amqp from 'amqplib';
import { BusRmqClient } from './bus-rmq-client.js';
import { workQueueName } from './topology.js';
import { BusError, toBusError } from './bus-error.js';
import { CREATED_AT_HEADER, busMetrics, rpcOutcome } from './bus-metrics.js';
import { secondsSince } from './metrics.js';
import { inBusSpan, traceHeaders } from './bus-tracing.js';
import { context } from '@opentelemetry/api';

export interface BusClientOptions {
  url: string;
  prefix: string;
  /** Every `send` gives up after this long; the request also expires in the queue. */
  timeoutMs: number;
}

/** Where a message goes: a service's work queue, or one of its lanes (`laneOf`). */
interface Destination {
  service: ServiceName;
  lane?: string;
}

/**
 * How the gateway (and services) talk to a service: typed `send` with a timeout that becomes
 * SERVICE_UNAVAILABLE, and confirmed `emit` for the outbox relay. One Nest client per
 * destination (a service's work queue or one of its lanes, `laneOf`), created lazily and
 * replaced when its first connection failed. Everything goes through the bus exchange
 * (BusRmqClient), under the rights of the URL's user.
 */
export class BusClient {
  /** By destination queue: a service's work queue or one of its lanes. */
  private readonly clients = new Map<string, BusRmqClient>();

  constructor(private readonly options: BusClientOptions) {}

  async send<P extends MessagePattern>(
    pattern: P,
    data: RequestOf<P>,
    ctx: MessageContext,
    timeoutMs = this.options.timeoutMs,
  ): Promise<ResponseOf<P>> {
    const started = process.hrtime.bigint();
    try {
      const response = await this.request(pattern, data, ctx, timeoutMs);
      busMetrics.rpc(pattern, 'ok', secondsSince(started));
      return response;
    } catch (error) {
      const timedOut = error instanceof TimedOut;
      const busError = timedOut ? error.busError : toBusError(error);
      busMetrics.rpc(pattern, rpcOutcome(busError, timedOut), secondsSince(started));
      throw busError;
    }
  }

  /** The round trip, in a client span whose context the request carries (bus-tracing.ts). */
  private request<P extends MessagePattern>(
    pattern: P,
    data: RequestOf<P>,
    ctx: MessageContext,
    timeoutMs: number,
  ): Promise<ResponseOf<P>> {
    return inBusSpan('send', pattern, context.active(), () =>
      this.requestInSpan(pattern, data, ctx, timeoutMs),
    );
  }

  private async requestInSpan<P extends MessagePattern>(
    pattern: P,
    data: RequestOf<P>,
    ctx: MessageContext,
    timeoutMs: number,
  ): Promise<ResponseOf<P>> {
    const destination: Destination = { service: ownerOf(pattern), lane: laneOf(pattern) };
    const client = await this.connected(destination);
    const envelope: Envelope<RequestOf<P>> = { ctx, data };
    const headers = traceHeaders();
    // The request expires in the queue with the caller's patience: a stopped service must not
    // run stale commands when it comes back.
    const record = new RmqRecordBuilder(envelope)
      .setOptions({
        expiration: String(timeoutMs),
        persistent: false,
        ...(headers.traceparent ? { headers } : {}),
      })
      .build();
    try {
      return await lastValueFrom(
        client.send<ResponseOf<P>>(pattern, record).pipe(timeout(timeoutMs)),
      );
    } catch (error) {
      const busError = this.refusedOrBusError(destination, error);
      throw (error as { name?: unknown } | null)?.name === 'TimeoutError'
        ? new TimedOut(busError)
        : busError;
    }
  }

  /**
   * Publishes an event to one service's queue; resolves once the broker confirmed it.
   * `createdAt` (the outbox row's) travels as a header: the consumer's queue-wait metric. The
   * publish is a span of the active context's trace (the outbox relay restores the writer's).
   */
  emit(
    destination: ServiceName,
    pattern: string,
    envelope: Envelope<unknown>,
    createdAt?: Date,
  ): Promise<void> {
    return inBusSpan(
      'publish',
      pattern,
      context.active(),
      () => this.emitInSpan(destination, pattern, envelope, createdAt),
      envelope.ctx.messageId,
    );
  }

  private async emitInSpan(
    destination: ServiceName,
    pattern: string,
    envelope: Envelope<unknown>,
    createdAt?: Date,
  ): Promise<void> {
    const client = await this.connected({ service: destination });
    const headers: Record<string, string> = traceHeaders();
    if (createdAt) headers[CREATED_AT_HEADER] = String(createdAt.getTime());
    const record = new RmqRecordBuilder(envelope)
      .setOptions({
        persistent: true,
        messageId: envelope.ctx.messageId,
        ...(Object.keys(headers).length > 0 ? { headers } : {}),
      })
      .build();
    try {
      await lastValueFrom(client.emit(pattern, record).pipe(timeout(this.options.timeoutMs)), {
        defaultValue: undefined,
      });
    } catch (error) {
      throw this.refusedOrBusError({ service: destination }, error);
    }
  }

  /** Readiness: can a fresh connection to the broker be opened right now? */
  async brokerReachable(timeoutMs = 2_000): Promise<boolean> {
    try {
      const connection = await amqp.connect(this.options.url, { timeout: timeoutMs });
      await connection.close();
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    const clients = [...this.clients.values()];
    this.clients.clear();
    await Promise.allSettled(clients.map((client) => client.close()));
  }

  /**
   * The broker refused a publish (a message this user may not send, docs/security.md), or the
   * client's channel failed its setup: either closed the channel, which would only reopen on a
   * reconnect, so drop the client and let the next call start afresh.
   */
  private refusedOrBusError(destination: Destination, error: unknown): BusError {
    const queue = this.queueOf(destination);
    const client = this.clients.get(queue);
    if (!client?.refusal && !client?.channelLost) return toBusError(error);
    this.clients.delete(queue);
    void client.close().catch(() => undefined);
    return client.refusal
      ? new BusError('SERVICE_UNAVAILABLE', 'The message bus refused this message.')
      : toBusError(error);
  }

  private queueOf({ service, lane }: Destination): string {
    return workQueueName(this.options.prefix, service, lane);
  }

  private async connected(destination: Destination): Promise<BusRmqClient> {
    const queue = this.queueOf(destination);
    let client = this.clients.get(queue);
    if (!client) {
      client = new BusRmqClient({
        url: this.options.url,
        prefix: this.options.prefix,
        destination: destination.service,
        lane: destination.lane,
      });
      this.clients.set(queue, client);
    }
    try {
      await withTimeout(client.connect(), this.options.timeoutMs);
      return client;
    } catch {
      // A client whose first connection failed never recovers: drop it so the next call retries.
      this.clients.delete(queue);
      void client.close().catch(() => undefined);
      throw new BusError('SERVICE_UNAVAILABLE', 'The message bus is not reachable.');
    }
  }
}

/** Inside `send` only: the caller's patience ran out (the metric's `timeout` outcome). */
class TimedOut extends Error {
  constructor(readonly busError: BusError) {
    super(busError.message);
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error('connect timed out')), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
