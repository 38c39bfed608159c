import amqp from 'amqplib';
import { SERVICES } from '../lib/services.mjs';

const ALL = ['auth', 'expenses', 'ocr', 'export', 'billing', 'help-feedback', 'mail-ingest'];
/** Lane queues (`laneOf` in libs/contracts): `<prefix>.<service>.<lane>`. */
const LANES = ['auth.session'];

/** Deletes every queue and exchange a run with this prefix may have declared. */
export async function deleteRunQueues(url, prefix, extraQueues = []) {
  const connection = await amqp.connect(url);
  try {
    const names = new Set([...ALL, ...SERVICES.map((s) => s.name), ...LANES]);
    for (const name of names) {
      for (const queue of [`${prefix}.${name}`, `${prefix}.${name}.dlq`]) {
        const channel = await connection.createChannel();
        await channel.deleteQueue(queue).catch(() => undefined);
        await channel.close().catch(() => undefined);
      }
    }
    for (const queue of extraQueues) {
      const channel = await connection.createChannel();
      await channel.deleteQueue(queue).catch(() => undefined);
      await channel.close().catch(() => undefined);
    }
    for (const exchange of ['dlx', 'bus', 'replies']) {
      const channel = await connection.createChannel();
      await channel.deleteExchange(`${prefix}.${exchange}`).catch(() => undefined);
      await channel.close().catch(() => undefined);
    }
  } finally {
    await connection.close();
  }
}

/** How many messages wait in `queue` (ready ones, as the broker counts them). */
export async function queueDepth(url, queue) {
  const connection = await amqp.connect(url);
  try {
    return (await (await connection.createChannel()).checkQueue(queue)).messageCount;
  } finally {
    await connection.close();
  }
}
