import { randomUUID } from 'node:crypto';
import amqp from 'amqplib';

/**
 * One request to a service over RabbitMQ, as another service would send it (Nest's RMQ wire
 * format: `{pattern, data, id}`), with the admin rights of SNAPTRACK_RABBITMQ_URL: straight to
 * the queue through the default exchange, the answer through the reply exchange to an
 * exclusive reply queue bound to a reply key (services answer nowhere else). For tests that play
 * a service that does not exist yet, e.g. billing asking auth-service for a password-setup link.
 * The exchange and key follow libs/nest/rmq's topology.ts (`replyExchangeName`,
 * `replyRoutingKey`), spelled out here: @snaptrack/nest-rmq's own tests import this library.
 */
export async function sendToService<T>(
  service: string,
  pattern: string,
  data: unknown,
  /** More of the message context, e.g. `{ userId }` for a user's request. */
  ctx: Record<string, string> = {},
): Promise<T> {
  const url = process.env.SNAPTRACK_RABBITMQ_URL ?? '';
  const prefix = process.env.SNAPTRACK_RMQ_PREFIX ?? '';
  const connection = await amqp.connect(url);
  try {
    const channel = await connection.createChannel();
    const id = randomUUID();
    const user = decodeURIComponent(new URL(url).username) || 'guest';
    const replyKey = `${prefix}.reply.${user}.${id}`;
    const { queue: replyQueue } = await channel.assertQueue('', { exclusive: true });
    await channel.bindQueue(replyQueue, `${prefix}.replies`, replyKey);
    const reply = new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${pattern}: no answer`)), 10_000);
      void channel.consume(
        replyQueue,
        (message) => {
          if (!message) return;
          const body = JSON.parse(message.content.toString()) as {
            id: string;
            response?: T;
            err?: unknown;
          };
          if (body.id !== id) return;
          clearTimeout(timer);
          if (body.err) reject(new Error(JSON.stringify(body.err)));
          else resolve(body.response as T);
        },
        { noAck: true },
      );
    });
    channel.sendToQueue(
      `${prefix}.${service}`,
      Buffer.from(
        JSON.stringify({ pattern, data: { ctx: { requestId: `test-${id}`, ...ctx }, data }, id }),
      ),
      { replyTo: replyKey, correlationId: id, expiration: '10000' },
    );
    return await reply;
  } finally {
    await connection.close();
  }
}
