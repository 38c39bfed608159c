import { ServiceNames } from '@snaptrack/contracts';

/**
 * Lane queues of a service (`laneOf` in libs/contracts): `<prefix>.<service>.<lane>`, each with
 * its own DLQ. queues.spec.ts checks this list against the contracts.
 */
export const LANES = { auth: ['session'] };

/**
 * Every dead-letter queue of a stack with its work queue, named as libs/nest/rmq's topology
 * names them (`<work queue>.dlq`).
 */
export function deadLetterQueues(prefix) {
  const queues = [];
  for (const service of ServiceNames) {
    for (const lane of [undefined, ...(LANES[service] ?? [])]) {
      const workQueue = lane ? `${prefix}.${service}.${lane}` : `${prefix}.${service}`;
      queues.push({ name: `${workQueue}.dlq`, workQueue });
    }
  }
  return queues;
}

/**
 * The DLQs a `--queue` option names: a DLQ (`snaptrack.auth.dlq`), its work queue
 * (`snaptrack.auth`) or its short name (`auth`, `auth.session`). All of them without one.
 */
export function selectQueues(prefix, selector) {
  const all = deadLetterQueues(prefix);
  if (!selector) return all;
  const wanted = [
    selector,
    `${prefix}.${selector}`,
    `${prefix}.${selector}.dlq`,
    `${selector}.dlq`,
  ];
  return all.filter((queue) => wanted.includes(queue.name));
}
