// Who may send what on the message bus, and the RabbitMQ users and permissions that enforce it
// (docs/security.md, "Message bus"). One source for the test stack (per-run users made with
// rabbitmqctl) and for deploy/rabbitmq/definitions.json (tools/bus-definitions.mjs).
import { createHash, randomBytes } from 'node:crypto';
import { execFile, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The routing keys each process may publish to `<prefix>.bus`, exactly (no wildcards):
 * `<destination>.<pattern>`, where the destination is the pattern's owner for a request
 * (`<owner>.<owner>.…`), the consumer for an event (`<consumer>.<event>`), and
 * `<service>:<lane>` for a request that travels in a lane (`laneOf` in libs/contracts).
 * Derived from the code: every `bus.send`, every `enqueueEvent` (one key per consumer in
 * `EventConsumers`) and the gateway's readiness pings; tools/lib/bus-users.spec.ts scans the
 * code and fails when this list allows a key nobody sends or misses one somebody sends.
 * A new call or event: one line here.
 */
export const BUS_SENDS = {
  gateway: [
    // Every public request, but not auth's internal ones: a session or a setup link for any
    // user id is billing's to ask for, an account's address is billing's, and addresses are
    // resolved at RCPT; the token check travels in auth's session lane only.
    'auth.auth.email.add.v1',
    'auth.auth.email.delete.v1',
    'auth.auth.email.list.v1',
    'auth.auth.email.send-verification.v1',
    'auth.auth.email.update.v1',
    'auth.auth.email.verify.v1',
    'auth.auth.oidc.callback.v1',
    'auth.auth.oidc.providers.v1',
    'auth.auth.oidc.result.v1',
    'auth.auth.oidc.start.v1',
    'auth.auth.password.change.v1',
    'auth.auth.password-reset.confirm.v1',
    'auth.auth.password-reset.request.v1',
    'auth.auth.password-reset.verify.v1',
    'auth.auth.password-setup.complete.v1',
    'auth.auth.session.end.v1',
    'auth.auth.session.login.v1',
    'auth.auth.session.logout.v1',
    'auth.auth.sign-in-methods.get.v1',
    'auth.auth.universal.sign-in.v1',
    'auth.auth.user.profile.v1',
    'auth.auth.username.assign.v1',
    'auth.auth.username.check.v1',
    'auth.auth.username.history.v1',
    'auth:session.auth.user.token-version.v1',
    'billing.billing.checkout.claim.v1',
    'billing.billing.checkout.create.v1',
    'billing.billing.checkout.mobile-exchange.v1',
    'billing.billing.checkout.verify.v1',
    'billing.billing.entitlement.check.v1',
    'billing.billing.local-checkout.act.v1',
    'billing.billing.local-checkout.view.v1',
    'billing.billing.local-portal.act.v1',
    'billing.billing.local-portal.view.v1',
    'billing.billing.portal.create.v1',
    'billing.billing.stripe.webhook.v1',
    'billing.billing.subscription.status.v1',
    'expenses.expenses.currency.get.v1',
    'expenses.expenses.currency.set.v1',
    'expenses.expenses.entity.create.v1',
    'expenses.expenses.entity.delete.v1',
    'expenses.expenses.entity.list.v1',
    'expenses.expenses.expense.delete.v1',
    'expenses.expenses.expense.export-rows.v1',
    'expenses.expenses.expense.get.v1',
    'expenses.expenses.expense.keep-both.v1',
    'expenses.expenses.expense.list.v1',
    'expenses.expenses.expense.review.v1',
    'expenses.expenses.expense.split.v1',
    'expenses.expenses.expense.store.v1',
    'expenses.expenses.expense.unsplit.v1',
    'expenses.expenses.expense.update.v1',
    'expenses.expenses.export.preview.v1',
    'expenses.expenses.receipt.allowance.v1',
    'expenses.expenses.receipt.create.v1',
    'expenses.expenses.receipt.image.v1',
    'expenses.expenses.receipt.reprocess.v1',
    'expenses.expenses.settings.get.v1',
    'expenses.expenses.settings.update.v1',
    'expenses.expenses.statistics.get.v1',
    'expenses.expenses.store.delete.v1',
    'expenses.expenses.store.list.v1',
    'expenses.expenses.store.update.v1',
    'expenses.expenses.summary.get.v1',
    'expenses.expenses.tag.list.v1',
    'expenses.expenses.tag.search.v1',
    'export.export.pack-job.create.v1',
    'export.export.pack-job.file.v1',
    'export.export.pack-job.status.v1',
    'export.export.pdf-job.create.v1',
    'export.export.pdf-job.file.v1',
    'export.export.pdf-job.status.v1',
    'help-feedback.help-feedback.app-version.check.v1',
    'help-feedback.help-feedback.app-version.get.v1',
    'help-feedback.help-feedback.feedback-category.list.v1',
    'help-feedback.help-feedback.feedback.create.v1',
    'help-feedback.help-feedback.help-article-feedback.create.v1',
    'help-feedback.help-feedback.help-article.get.v1',
    'help-feedback.help-feedback.help-article.list.v1',
    'help-feedback.help-feedback.help-category.list.v1',
    'help-feedback.help-feedback.release-notes.get.v1',
    'mail-ingest.mail-ingest.held-mail.release.v1',
    'mail-ingest.mail-ingest.log.list.v1',
    'mail-ingest.mail-ingest.sender-rules.get.v1',
    'mail-ingest.mail-ingest.sender-rules.update.v1',
    // /api/health/ready pings the services of READY_SERVICES (any of them).
    'auth.auth.system.ping.v1',
    'billing.billing.system.ping.v1',
    'expenses.expenses.system.ping.v1',
    'export.export.system.ping.v1',
    'help-feedback.help-feedback.system.ping.v1',
    'mail-ingest.mail-ingest.system.ping.v1',
    'ocr.ocr.system.ping.v1',
  ],
  auth: [
    // Re-reads an account's entitlement on billing.subscription.changed.
    'billing.billing.entitlement.check.v1',
    'expenses.auth.user.created.v1',
  ],
  expenses: ['mail-ingest.expenses.expense.deleted.v1', 'ocr.ocr.receipt.process.v1'],
  ocr: ['expenses.ocr.receipt.processed.v1'],
  export: [
    'expenses.expenses.export.preview.v1',
    'expenses.expenses.expense.export-page.v1',
    // The accountant's pack: its CSVs (rows, and the home currency of the last column).
    'expenses.expenses.expense.export-rows.v1',
    'expenses.expenses.currency.get.v1',
    'export.export.pdf-job.requested.v1',
  ],
  billing: [
    'auth.auth.password-setup.issue.v1',
    'auth.auth.session.issue.v1',
    'auth.auth.user.address.v1',
    'auth.billing.subscription.changed.v1',
  ],
  'help-feedback': [],
  'mail-ingest': [
    'auth.auth.receipt-address.resolve.v1',
    'billing.billing.entitlement.check.v1',
    'expenses.expenses.receipt.create.v1',
    'mail-ingest.mail-ingest.mail.accepted.v1',
  ],
};

/** The processes on the bus: the gateway and the services (names as in tools/lib/services.mjs). */
export const BUS_UNITS = Object.keys(BUS_SENDS);

/**
 * The units that may put a message into `unit`'s queue (any key `<unit>.…`), never `unit`
 * itself: the ones it may answer. Servers answer only the key of the request's verified sender.
 */
export function callersOf(unit) {
  // Its work queue (`<unit>.…`) or one of its lanes (`<unit>:<lane>.…`).
  const destinations = [`${unit}.`, `${unit}:`];
  return BUS_UNITS.filter(
    (sender) =>
      sender !== unit &&
      BUS_SENDS[sender].some((key) => destinations.some((start) => key.startsWith(start))),
  );
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
const alt = (parts) => `^(${parts.join('|')})$`;

/**
 * The permissions of `users[unit]`, the account of `unit` (gateway or a service), on a bus
 * with this prefix; `users` names every unit's account, `admin` the operators' account (its
 * requests are answered too). Vhost-wide regexes name queues and exchanges; topic permissions
 * name routing keys. Nobody but an administrator gets `amq.default` (a publish there reaches
 * any queue), and nobody may declare a queue or exchange other than a server-named reply queue
 * (`amq.gen-…`, a prefix clients can never use for a name of their own): whoever may declare a
 * queue may dead-letter into the bus with any routing key, unchecked.
 */
export function busPermissions(prefix, unit, users, admin) {
  if (!(unit in BUS_SENDS)) throw new Error(`unknown bus unit ${unit}`);
  for (const name of [...Object.values(users), admin]) {
    if (!/^[A-Za-z0-9_-]+$/.test(name))
      throw new Error(`bus user ${name}: letters, digits, - and _`);
  }
  const p = escape(prefix);
  const replyQueues = 'amq\\.gen-.*';
  const consumer = unit !== 'gateway';
  const sends = BUS_SENDS[unit].map(escape);
  const answers = [...callersOf(unit).map((caller) => users[caller]), admin].map(escape);
  return {
    // Server-named reply queues only.
    configure: alt([replyQueues]),
    // Binding the reply queue needs write on it; publishing needs write on the exchange.
    write: alt([
      replyQueues,
      ...(sends.length ? [`${p}\\.bus`] : []),
      ...(consumer ? [`${p}\\.replies`] : []),
    ]),
    // Consuming the reply queue and its own queues; binding to the reply exchange.
    read: alt([replyQueues, `${p}\\.${escape(unit)}(\\..*)?`, `${p}\\.replies`]),
    topics: [
      { exchange: `${prefix}.bus`, write: sends.length ? alt(sends) : '^$', read: '^$' },
      {
        exchange: `${prefix}.replies`,
        // Replies only to the units that may send to this one (never to itself).
        write: consumer ? `^${p}\\.reply\\.(${answers.join('|')})\\.[\\w-]+$` : '^$',
        // Binds only its own reply keys.
        read: `^${p}\\.reply\\.${escape(users[unit])}\\.[\\w-]+$`,
      },
    ],
  };
}

/** RabbitMQ's `rabbit_password_hashing_sha256`: base64(salt ‖ sha256(salt ‖ password)). */
export function rabbitPasswordHash(password) {
  const salt = randomBytes(4);
  const digest = createHash('sha256').update(salt).update(password, 'utf8').digest();
  return Buffer.concat([salt, digest]).toString('base64');
}

/**
 * The users, permissions and topic permissions of `accounts` ({user, unit, password}, one per
 * unit) as a RabbitMQ definitions document (what `rabbitmqctl import_definitions` and the
 * image's `load_definitions` read). `admin` is the operators' account, made elsewhere.
 */
export function busDefinitions({ prefix, vhost, accounts, admin }) {
  const users = [];
  const permissions = [];
  const topicPermissions = [];
  const names = Object.fromEntries(accounts.map(({ unit, user }) => [unit, user]));
  for (const { user, unit, password } of accounts) {
    const rights = busPermissions(prefix, unit, names, admin);
    users.push({
      name: user,
      password_hash: rabbitPasswordHash(password),
      hashing_algorithm: 'rabbit_password_hashing_sha256',
      tags: [],
      limits: {},
    });
    const { configure, write, read } = rights;
    permissions.push({ user, vhost, configure, write, read });
    for (const topic of rights.topics) topicPermissions.push({ user, vhost, ...topic });
  }
  return { users, permissions, topic_permissions: topicPermissions };
}

function rabbitmqctl(args) {
  return spawnSync('rabbitmqctl', args, { encoding: 'utf8', timeout: 60_000 });
}

/**
 * Makes one user per unit for a test run (`<tag>-<unit>`, random passwords) with rabbitmqctl
 * (as root, or wherever it may talk to the node) and returns each unit's amqp:// URL. Returns
 * undefined when rabbitmqctl cannot be used: the caller then keeps its admin URL.
 */
export function createBusUsers({ adminUrl, prefix, tag, vhost = '/' }) {
  const accounts = BUS_UNITS.map((unit) => ({
    unit,
    user: `${tag}-${unit}`,
    password: randomBytes(18).toString('base64url'),
  }));
  // rabbitmqctl reads the file as the rabbitmq user: a directory it may enter but not list.
  // The file holds salted hashes of 144-bit random passwords, nothing worth guessing from.
  const dir = mkdtempSync(path.join(tmpdir(), 'snaptrack-bus-'));
  const file = path.join(dir, `${randomBytes(12).toString('hex')}.json`);
  try {
    chmodSync(dir, 0o711);
    const admin = decodeURIComponent(new URL(adminUrl).username) || 'guest';
    writeFileSync(file, JSON.stringify(busDefinitions({ prefix, vhost, accounts, admin })), {
      mode: 0o644,
    });
    const result = rabbitmqctl(['import_definitions', file]);
    if (result.error || result.status !== 0) {
      return { ok: false, reason: (result.error?.message ?? result.stderr ?? '').trim() };
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const base = new URL(adminUrl);
  const urls = {};
  for (const { unit, user, password } of accounts) {
    const url = new URL(base);
    url.username = user;
    url.password = password;
    urls[unit] = url.toString();
  }
  return { ok: true, urls, users: accounts.map((account) => account.user) };
}

/** Deletes the users createBusUsers made (best effort; each closes its connections first). */
export async function deleteBusUsers(users) {
  await Promise.all(
    users.map(
      (user) =>
        new Promise((resolve) => {
          execFile('rabbitmqctl', ['delete_user', user], { timeout: 60_000 }, (error) =>
            resolve(!error),
          );
        }),
    ),
  );
}
