import type { ServiceName } from '@snaptrack/contracts';

/**
 * Queue names and arguments, declared identically by every producer and consumer: RabbitMQ
 * refuses a re-declaration whose arguments differ (PRECONDITION_FAILED inequivalent arg).
 * Never rename a queue in place.
 */
export const DELIVERY_LIMIT = 5;

/**
 * `<prefix>.<service>`, or `<prefix>.<service>.<lane>` for a lane: a second queue of the same
 * service with its own prefetch, for requests that must not wait behind slow work (`laneOf`).
 */
export function workQueueName(prefix: string, service: ServiceName, lane?: string): string {
  return lane ? `${prefix}.${service}.${lane}` : `${prefix}.${service}`;
}

export function deadLetterExchangeName(prefix: string): string {
  return `${prefix}.dlx`;
}

export function deadLetterQueueName(prefix: string, service: ServiceName, lane?: string): string {
  return `${workQueueName(prefix, service, lane)}.dlq`;
}

/** The dead-letter routing key: the service, or `<service>.<lane>`. */
function deadLetterRoutingKey(service: ServiceName, lane?: string): string {
  return lane ? `${service}.${lane}` : service;
}

/** Durable quorum queue: survives broker restarts, dead-letters after DELIVERY_LIMIT tries. */
export function workQueueOptions(prefix: string, service: ServiceName, lane?: string) {
  return {
    durable: true,
    arguments: {
      'x-queue-type': 'quorum',
      'x-delivery-limit': DELIVERY_LIMIT,
      'x-dead-letter-exchange': deadLetterExchangeName(prefix),
      'x-dead-letter-routing-key': deadLetterRoutingKey(service, lane),
    },
  };
}

/**
 * Socket options of every bus connection. `noDelay` turns Nagle's algorithm off: a request or
 * reply is one small frame, and with Nagle on it waits for the peer's delayed ACK (up to 40 ms
 * on Linux) before it leaves; measured round trip 16 ms -> 0.3 ms p50 on a classic queue.
 */
export const BUS_SOCKET_OPTIONS = {
  heartbeatIntervalInSeconds: 5,
  reconnectTimeInSeconds: 1,
  connectionOptions: { noDelay: true },
};

export function deadLetterQueueOptions() {
  return { durable: true, arguments: { 'x-queue-type': 'quorum' } };
}

/** The smallest slice of an amqplib channel that declaring the topology needs. */
export interface TopologyChannel {
  assertExchange(name: string, type: string, options: { durable: boolean }): Promise<unknown>;
  assertQueue(name: string, options: object): Promise<unknown>;
  bindQueue(queue: string, exchange: string, routingKey: string): Promise<unknown>;
}

/** Declares a service's work (or lane) queue with its dead-letter exchange and queue. Idempotent. */
export async function declareServiceTopology(
  channel: TopologyChannel,
  prefix: string,
  service: ServiceName,
  lane?: string,
): Promise<void> {
  const exchange = deadLetterExchangeName(prefix);
  const deadLetters = deadLetterQueueName(prefix, service, lane);
  await channel.assertExchange(exchange, 'direct', { durable: true });
  await channel.assertQueue(deadLetters, deadLetterQueueOptions());
  await channel.bindQueue(deadLetters, exchange, deadLetterRoutingKey(service, lane));
  await channel.assertQueue(
    workQueueName(prefix, service, lane),
    workQueueOptions(prefix, service, lane),
  );
}
