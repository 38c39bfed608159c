// The AMQP side of the dead-letter tool (amqplib directly): read a DLQ without taking its
// messages away, put one back on its queue, remove one.
import amqp from 'amqplib';

/** Most messages read from one DLQ in one go (all are held unacknowledged until released). */
export const SCAN_LIMIT = 10_000;

export async function connect(url, timeoutMs = 5_000) {
  const connection = await amqp.connect(url, { timeout: timeoutMs });
  connection.on('error', () => undefined);
  return connection;
}

/**
 * How many messages wait in a queue, or undefined when there is no such queue. (A failed check
 * closes its channel: a throwaway one.)
 */
export async function queueDepth(connection, name) {
  const channel = await connection.createChannel();
  channel.on('error', () => undefined);
  try {
    const { messageCount } = await channel.checkQueue(name);
    await channel.close();
    return messageCount;
  } catch {
    return undefined;
  }
}

export async function queueExists(connection, name) {
  return (await queueDepth(connection, name)) !== undefined;
}

/**
 * Reads every message of a DLQ (basic.get, no auto-ack). They stay unacknowledged, so nothing
 * else sees them, until `release()` hands the ones not acked or settled back to the queue
 * (basic.nack with requeue, in their order).
 */
export async function fetchAll(connection, queue, limit = SCAN_LIMIT) {
  const channel = await connection.createChannel();
  channel.on('error', () => undefined);
  const messages = [];
  while (messages.length < limit) {
    const message = await channel.get(queue, { noAck: false });
    if (!message) break;
    messages.push(message);
  }
  return {
    messages,
    /** Removes a message for good. */
    ack: (message) => channel.ack(message),
    async release() {
      channel.nackAll(true);
      await channel.close().catch(() => undefined);
    },
  };
}

// Properties that describe the dead copy, not the message: the broker's delivery count, an
// expiry (the broker removed it on dead-lettering; a replay must not expire again), and the
// publisher's user (the broker refuses a user-id that is not the connection's).
const DROPPED_HEADERS = ['x-delivery-count'];

/**
 * Publishes a dead letter back to `queue` through the default exchange and waits for the
 * broker's confirm. Body, message id, headers (its `x-death` history included) stay as they
 * were, so the consumer's inbox still recognises it. One function, so that routing replays
 * through another exchange later is a change here only.
 */
export async function replayTo(confirmChannel, message, queue) {
  const { headers = {}, userId: _user, expiration: _expiry, ...properties } = message.properties;
  const kept = Object.fromEntries(
    Object.entries(headers).filter(([name]) => !DROPPED_HEADERS.includes(name)),
  );
  let returned = false;
  const onReturn = () => {
    returned = true;
  };
  confirmChannel.once('return', onReturn);
  try {
    await new Promise((resolve, reject) => {
      confirmChannel.sendToQueue(
        queue,
        message.content,
        {
          ...Object.fromEntries(Object.entries(properties).filter(([, v]) => v !== undefined)),
          headers: kept,
          persistent: true,
          mandatory: true,
        },
        (error) => (error ? reject(error) : resolve()),
      );
    });
  } finally {
    confirmChannel.off('return', onReturn);
  }
  if (returned) throw new Error(`no queue ${queue} took the message`);
}
