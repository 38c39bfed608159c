// `npm run dlq -- list|show|replay|drop`: the dead letters of every service (docs/operations.md,
// Dead letters). Connects with RABBITMQ_URL to the queues of RMQ_PREFIX.
import { parseArgs } from 'node:util';

const USAGE = `usage: npm run dlq -- <command> [options]
  list                     every DLQ: its count, and per message its id, pattern, when and why it died
  show <id>                one message whole: properties, headers, body (secrets masked)
  replay <id> | --all      put it back on the queue it died in, once
  drop <id> | --all --yes  remove it for good (without --yes: only say what would go)
options:
  --queue <q>              one DLQ only: auth, auth.session, snaptrack.auth.dlq …
  --json                   machine-readable output
environment: RABBITMQ_URL (amqp://guest:guest@127.0.0.1:5672), RMQ_PREFIX (snaptrack)`;

const fail = (message, code = 1) => {
  process.stderr.write(`dlq: ${message}\n`);
  process.exit(code);
};

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      all: { type: 'boolean', default: false },
      yes: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      queue: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
} catch (error) {
  fail(`${error.message}\n${USAGE}`, 2);
}
const { values, positionals } = parsed;
const [command, id] = positionals;
if (values.help || !command) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(values.help ? 0 : 2);
}
if (!['list', 'show', 'replay', 'drop'].includes(command))
  fail(`unknown command ${command}\n${USAGE}`, 2);
if (command !== 'list' && !id && !(values.all && command !== 'show')) {
  fail(`${command} needs a message id${command === 'show' ? '' : ' or --all'} (see \`list\`)`, 2);
}

const url = process.env.RABBITMQ_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
const prefix = process.env.RMQ_PREFIX ?? 'snaptrack';
const where = (() => {
  const parsedUrl = new URL(url);
  return `${parsedUrl.hostname}:${parsedUrl.port || 5672}`;
})();

let commands;
let broker;
let HANDED_BACK_WARNING;
try {
  // After the build: the queue names come from the contracts' dist/.
  commands = await import('./commands.mjs');
  broker = await import('./broker.mjs');
  ({ HANDED_BACK_WARNING } = await import('./message.mjs'));
} catch (error) {
  fail(`cannot load the tool (${error.message}); run \`npm run build\` first`);
}

let connection;
try {
  connection = await broker.connect(url);
} catch (error) {
  fail(`cannot connect to RabbitMQ at ${where} (${error.message}); check RABBITMQ_URL`);
}

const print = (text) => process.stdout.write(`${text}\n`);
const line = (m) =>
  `  ${m.id}  ${m.pattern}  ${m.kind}  first died ${m.diedAt ?? '?'} (${m.reason}, ${m.deaths}x) in ${m.originalQueue}  request ${m.requestId ?? '-'}`;

try {
  const options = { prefix, queue: values.queue, id, all: values.all, yes: values.yes };
  if (command === 'list') {
    const queues = await commands.listDeadLetters(connection, options);
    if (values.json) print(JSON.stringify(queues, null, 2));
    else {
      for (const queue of queues) {
        print(`${queue.dlq}: ${queue.exists ? `${queue.count} message(s)` : 'not declared yet'}`);
        queue.messages.forEach((message) => print(line(message)));
        const worn = queue.messages.filter((m) => m.handedBack >= HANDED_BACK_WARNING).length;
        if (worn) {
          print(
            `  warning: ${worn} message(s) read ${HANDED_BACK_WARNING}+ times; RabbitMQ 4.0-4.2 drops them after 20 (docs/operations.md, Dead letters)`,
          );
        }
      }
    }
  } else if (command === 'show') {
    const views = await commands.showDeadLetter(connection, options);
    print(JSON.stringify(views.length === 1 ? views[0] : views, null, 2));
  } else if (command === 'replay') {
    const { replayed, skipped } = await commands.replayDeadLetters(connection, options);
    if (values.json) print(JSON.stringify({ replayed, skipped }, null, 2));
    else {
      replayed.forEach((m) => print(`replayed ${m.id} (${m.pattern}) to ${m.originalQueue}`));
      skipped.forEach((m) => print(`skipped  ${m.id} (${m.pattern}): ${m.why}`));
      print(`${replayed.length} replayed, ${skipped.length} skipped`);
    }
  } else {
    const { dropped, done } = await commands.dropDeadLetters(connection, options);
    if (values.json) print(JSON.stringify({ dropped, done }, null, 2));
    else {
      dropped.forEach((m) =>
        print(`${done ? 'dropped' : 'would drop'} ${m.id} (${m.pattern}) from ${m.dlq}`),
      );
      print(
        done ? `${dropped.length} dropped` : `${dropped.length} to drop: add --yes to drop them`,
      );
    }
    if (!done && dropped.length) process.exitCode = 1;
  }
} catch (error) {
  process.exitCode = 1;
  process.stderr.write(
    `dlq: ${error instanceof commands.DlqError ? error.message : `${command} failed: ${error.message}`}\n`,
  );
} finally {
  await connection.close().catch(() => undefined);
}
