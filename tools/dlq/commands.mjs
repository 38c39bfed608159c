// list, show, replay and drop over a stack's dead-letter queues. Each returns plain data (the
// CLI prints it); every DLQ read is released again, whatever happens.
import { fetchAll, queueDepth, queueExists, replayTo } from './broker.mjs';
import { describe, fullView, messageIdOf } from './message.mjs';
import { selectQueues } from './queues.mjs';

/** A user mistake (unknown id, missing --yes): the CLI prints the message, no stack trace. */
export class DlqError extends Error {}

/** Runs `work(dlq, fetched)` on each selected DLQ that exists, releasing what it did not settle. */
async function eachDeadLetterQueue(connection, { prefix, queue }, work) {
  const queues = selectQueues(prefix, queue);
  if (queue && queues.length === 0) {
    throw new DlqError(`no dead-letter queue "${queue}" (prefix ${prefix}); see \`list\``);
  }
  for (const dlq of queues) {
    const depth = await queueDepth(connection, dlq.name);
    if (depth === undefined) {
      await work(dlq, undefined);
      continue;
    }
    const fetched = { ...(await fetchAll(connection, dlq.name)), depth };
    try {
      await work(dlq, fetched);
    } finally {
      await fetched.release();
    }
  }
}

/** Per DLQ: whether it exists, its count, and one line of facts per message. */
export async function listDeadLetters(connection, options) {
  const result = [];
  await eachDeadLetterQueue(connection, options, (dlq, fetched) => {
    result.push({
      dlq: dlq.name,
      exists: Boolean(fetched),
      // The broker's count; `messages` holds at most SCAN_LIMIT of them.
      count: Math.max(fetched?.depth ?? 0, fetched?.messages.length ?? 0),
      messages: (fetched?.messages ?? []).map((message) => describe(message, dlq)),
    });
  });
  return result;
}

/** An id as `list` prints it, or a unique prefix of at least 8 characters. */
function matches(message, id) {
  const own = messageIdOf(message);
  return own === id || (id.length >= 8 && own.startsWith(id));
}

/**
 * The messages one id (or `--all`) names, with what is needed to act on them; refuses an id
 * that matches nothing or, as a prefix, more than one message id.
 */
async function withSelected(connection, options, act) {
  const found = [];
  await eachDeadLetterQueue(connection, options, async (dlq, fetched) => {
    if (!fetched) return;
    const selected = fetched.messages.filter(
      (message) => options.all || matches(message, options.id),
    );
    const ids = new Set([...found.map((item) => item.id), ...selected.map(messageIdOf)]);
    if (!options.all && ids.size > 1) {
      throw new DlqError(`"${options.id}" names more than one dead letter; give the whole id`);
    }
    for (const message of selected) {
      found.push({ id: messageIdOf(message), dlq, message });
      await act(dlq, message, fetched);
    }
  });
  if (!options.all && found.length === 0) {
    throw new DlqError(`no dead letter with id ${options.id}; see \`list\``);
  }
  return found;
}

export async function showDeadLetter(connection, options) {
  const views = [];
  await withSelected(connection, { ...options, all: false }, (dlq, message) => {
    views.push(fullView(message, dlq));
  });
  return views;
}

/**
 * Puts dead letters back on the queue they died in, each once: published with a confirm, then
 * its DLQ copy acked. Requests are skipped: their caller stopped waiting long ago, and running
 * them now would act with nobody to answer.
 */
export async function replayDeadLetters(connection, options) {
  const confirmChannel = await connection.createConfirmChannel();
  confirmChannel.on('error', () => undefined);
  const replayed = [];
  const skipped = [];
  const targets = new Map(); // queue name -> exists
  try {
    await withSelected(connection, options, async (dlq, message, fetched) => {
      const facts = describe(message, dlq);
      if (replayed.some((item) => item.id === facts.id)) {
        // A second copy of one message (a publisher's retry): it went back once already.
        fetched.ack(message);
        skipped.push({ ...facts, why: 'a copy of a message just replayed: removed' });
        return;
      }
      if (facts.kind === 'request') {
        skipped.push({ ...facts, why: 'a request: its caller is gone; drop it' });
        return;
      }
      targets.set(
        facts.originalQueue,
        targets.get(facts.originalQueue) ?? (await queueExists(connection, facts.originalQueue)),
      );
      if (!targets.get(facts.originalQueue)) {
        skipped.push({ ...facts, why: `its queue ${facts.originalQueue} does not exist` });
        return;
      }
      await replayTo(confirmChannel, message, facts.originalQueue);
      fetched.ack(message);
      replayed.push(facts);
    });
  } finally {
    await confirmChannel.close().catch(() => undefined);
  }
  if (!options.all && replayed.length === 0) {
    throw new DlqError(`${options.id} not replayed: ${skipped.map((item) => item.why).join('; ')}`);
  }
  return { replayed, skipped };
}

/** Removes dead letters for good; without `yes`, only says what it would remove. */
export async function dropDeadLetters(connection, options) {
  const dropped = [];
  await withSelected(connection, options, (dlq, message, fetched) => {
    if (options.yes) fetched.ack(message);
    dropped.push(describe(message, dlq));
  });
  return { dropped, done: Boolean(options.yes) };
}
