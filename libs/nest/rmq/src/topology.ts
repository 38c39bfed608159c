import type { ServiceName } from '@snaptrack/contracts';

/**
 * Queue names and arguments, declared identically by every producer and consumer: RabbitMQ
 * refuses a re-declaration whose arguments differ (PRECONDITION_FAILED inequivalent arg).
 * Never rename a queue in place.
 */
export const DELIVERY_LIMIT = 5;

export function workQueueName(prefix: string, service: ServiceName): string {
  return `${prefix}.${service}`;
}

export function deadLetterExchangeName(prefix: string): string {
  return `${prefix}.dlx`;
}

export function deadLetterQueueName(prefix: string, service: ServiceName): string {
  return `${prefix}.${service}.dlq`;
}

/** Durable quorum queue: survives broker restarts, dead-letters after DELIVERY_LIMIT tries. */
export function workQueueOptions(prefix: string, service: ServiceName) {
  return {
    durable: true,
    arguments: {
      'x-queue-type': 'quorum',
      'x-delivery-limit': DELIVERY_LIMIT,
      'x-dead-letter-exchange': deadLetterExchangeName(prefix),
      'x-dead-letter-routing-key': service,
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

/** Declares a service's work queue with its dead-letter exchange and queue. Idempotent. */
export async function declareServiceTopology(
  channel: TopologyChannel,
  prefix: string,
  service: ServiceName,
): Promise<void> {
  const exchange = deadLetterExchangeName(prefix);
  const deadLetters = deadLetterQueueName(prefix, service);
  await channel.assertExchange(exchange, 'direct', { durable: true });
  await channel.assertQueue(deadLetters, deadLetterQueueOptions());
  await channel.bindQueue(deadLetters, exchange, service);
  await channel.assertQueue(workQueueName(prefix, service), workQueueOptions(prefix, service));
}
