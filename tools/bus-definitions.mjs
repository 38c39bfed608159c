// Renders the broker's definitions for one SnapTrack vhost: the vhost, the exchanges, queues
// and bindings of the bus (libs/nest/rmq topology.ts), one user per process with the
// permissions of tools/lib/bus-users.mjs, and an administrator. RabbitMQ loads it at boot
// (compose: the rabbitmq-definitions step) or imports it (`rabbitmqctl import_definitions`,
// the management API); see deploy/README.md.
//
//   node tools/bus-definitions.mjs [--out FILE]       passwords from the environment
//   node tools/bus-definitions.mjs --no-passwords     users without one (deploy/rabbitmq/definitions.json)
//   node tools/bus-definitions.mjs --check FILE       exit 1 when FILE differs (hashes aside)
//
// Environment: RMQ_PREFIX (snaptrack), RABBITMQ_VHOST (snaptrack), RABBITMQ_ADMIN_USER (admin),
// RABBITMQ_ADMIN_PASSWORD, and per process either <UNIT>_RABBITMQ_URL (user and password taken
// from it, as in the k8s Secret) or <UNIT>_RABBITMQ_PASSWORD (user named after the process),
// <UNIT> being GATEWAY, AUTH, EXPENSES, OCR, EXPORT, BILLING, HELP_FEEDBACK, MAIL_INGEST.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BUS_UNITS, busDefinitions, rabbitPasswordHash } from './lib/bus-users.mjs';
import { SERVICES } from './lib/services.mjs';

const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const withPasswords = !args.includes('--no-passwords') && !args.includes('--check');
const env = process.env;
const prefix = env.RMQ_PREFIX || 'snaptrack';
const vhost = env.RABBITMQ_VHOST || 'snaptrack';
const adminUser = env.RABBITMQ_ADMIN_USER || 'admin';

function account(unit) {
  const key = unit.toUpperCase().replaceAll('-', '_');
  const url = env[`${key}_RABBITMQ_URL`];
  if (url) {
    const parsed = new URL(url);
    return {
      unit,
      user: decodeURIComponent(parsed.username),
      password: decodeURIComponent(parsed.password),
    };
  }
  const password = env[`${key}_RABBITMQ_PASSWORD`];
  if (withPasswords && !password) {
    throw new Error(`${key}_RABBITMQ_URL or ${key}_RABBITMQ_PASSWORD is missing`);
  }
  return { unit, user: unit, password: password ?? '' };
}

async function topology() {
  const nestRmq = await import('@snaptrack/nest-rmq');
  const exchanges = [];
  const queues = [];
  const bindings = [];
  // Record what declareBusTopology declares, in the definitions' shape.
  await nestRmq.declareBusTopology(
    {
      assertExchange: async (name, type, options) =>
        exchanges.push({ name, vhost, type, durable: options.durable, auto_delete: false }),
      assertQueue: async (name, options) =>
        queues.push({
          name,
          vhost,
          durable: options.durable,
          auto_delete: false,
          arguments: options.arguments,
        }),
      bindQueue: async (destination, source, routingKey) =>
        bindings.push({
          source,
          vhost,
          destination,
          destination_type: 'queue',
          routing_key: routingKey,
          arguments: {},
        }),
    },
    prefix,
    SERVICES.map((service) => service.name),
  );
  for (const exchange of exchanges) exchange.internal = false;
  for (const exchange of exchanges) exchange.arguments = {};
  return { exchanges, queues, bindings };
}

const accounts = BUS_UNITS.map(account);
const bus = busDefinitions({ prefix, vhost, accounts, admin: adminUser });
if (!withPasswords) for (const user of bus.users) user.password_hash = '';
const adminPassword = env.RABBITMQ_ADMIN_PASSWORD;
if (withPasswords && !adminPassword) throw new Error('RABBITMQ_ADMIN_PASSWORD is missing');
const definitions = {
  users: [
    {
      name: adminUser,
      password_hash: withPasswords ? rabbitPasswordHash(adminPassword) : '',
      hashing_algorithm: 'rabbit_password_hashing_sha256',
      tags: ['administrator'],
      limits: {},
    },
    ...bus.users,
  ],
  vhosts: [
    {
      name: vhost,
      description: 'SnapTrack services',
      metadata: { description: 'SnapTrack services', tags: [] },
    },
  ],
  permissions: [
    { user: adminUser, vhost, configure: '.*', write: '.*', read: '.*' },
    ...bus.permissions,
  ],
  topic_permissions: bus.topic_permissions,
  parameters: [],
  global_parameters: [],
  policies: [],
  ...(await topology()),
};
let text = `${JSON.stringify(definitions, null, 2)}\n`;
if (!withPasswords) {
  // The reference file is committed: in the repository's format (prettier, a dev dependency,
  // which production images that render with passwords do not have).
  const prettier = await import('prettier');
  const config = await prettier.resolveConfig(path.resolve(option('--out') ?? 'definitions.json'));
  text = await prettier.format(text, { ...config, parser: 'json' });
}

const checked = option('--check');
if (checked) {
  const withoutHashes = (document) =>
    JSON.stringify({
      ...document,
      users: document.users.map((user) => ({ ...user, password_hash: '' })),
    });
  const committed = JSON.parse(readFileSync(checked, 'utf8'));
  if (withoutHashes(committed) !== withoutHashes(definitions)) {
    process.stderr.write(
      `${checked} is out of date: node tools/bus-definitions.mjs --no-passwords --out ${checked}\n`,
    );
    process.exit(1);
  }
} else if (option('--out')) {
  writeFileSync(option('--out'), text, { mode: 0o644 });
} else {
  process.stdout.write(text);
}
