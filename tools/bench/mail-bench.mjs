// `npm run bench:mail`: 1,000 receipt emails over 20 concurrent SMTP connections to mail-ingest,
// on a stack of its own (database snaptrack_bench_mail, queue prefix `benchmail`, free ports).
// Prints messages accepted per second, the time until the last expense exists, and the count
// check: every message accepted, one expense per message, none lost, none duplicated.
//
//   npm run bench:mail -- [--messages 1000] [--connections 20]
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import argon2 from 'argon2';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { ROOT, migrateAll, stackEnv, startStack } from '../lib/stack.mjs';
import { dropDatabase } from '../lib/postgres.mjs';
import { freePort } from '../testing/free-port.mjs';
import { deleteRunQueues } from '../testing/queues.mjs';

const { values: args } = parseArgs({
  options: {
    messages: { type: 'string', default: '1000' },
    connections: { type: 'string', default: '20' },
  },
});
const total = Number(args.messages);
const connections = Number(args.connections);
const USER = { id: randomUUID(), username: 'benchmail' };

function receiptMail(index) {
  const cents = 100 + ((index * 7919) % 20_000);
  const amount = (cents / 100).toFixed(2);
  return [
    `From: Shop ${index % 50} <receipts@shop${index % 50}.example>`,
    `To: ${USER.username}@snaptrack.localhost`,
    `Subject: Your receipt #${index}`,
    `Message-ID: <bench-${index}-${randomUUID()}@example.com>`,
    'Date: Mon, 16 Nov 2026 10:00:00 +0000',
    'Content-Type: text/plain; charset=utf-8',
    '',
    `Corner Shop ${index % 50}`,
    `Item ${index}    ${amount}`,
    `TOTAL    ${amount}`,
    '16/11/2026',
    '',
  ].join('\r\n');
}

async function waitForExpenses(pool, expected, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await pool.query(
      `SELECT count(*)::int AS n FROM "expenses"."expenses" WHERE "user_id" = $1`,
      [USER.id],
    );
    if (rows[0].n >= expected || Date.now() > deadline) return rows[0].n;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const runId = `benchmail`;
const varDir = path.join(ROOT, 'var', 'bench-mail');
const env = stackEnv({
  VAR_DIR: varDir,
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/snaptrack_bench_mail',
  RMQ_PREFIX: runId,
  PORT: String(await freePort()),
  SMTP_PORT: String(await freePort()),
  LOG_LEVEL: 'warn',
  // The bench measures intake, not billing or quotas: every account entitled, 1,000 mails to
  // one address allowed (the default quota is 100 an hour).
  BILLING: 'off',
  MAILS_PER_HOUR: '100000',
});
await dropDatabase(env.DATABASE_URL);
await migrateAll(env);
const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 2 });
const stack = await startStack(env, { logDir: path.join(varDir, 'log') });
try {
  await pool.query(
    `INSERT INTO "auth"."users" ("id", "email", "password_hash", "subscription_status", "email_username")
     VALUES ($1, $2, $3, 'active', $4)`,
    [USER.id, 'bench-mail@example.com', await argon2.hash('x'), USER.username],
  );
  await pool.query(
    `INSERT INTO "expenses"."entities" ("id", "user_id", "name") VALUES ($1, $2, 'Personal')`,
    [randomUUID(), USER.id],
  );
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: Number(env.SMTP_PORT),
    pool: true,
    maxConnections: connections,
    maxMessages: Infinity,
    ignoreTLS: true,
  });
  process.stdout.write(`bench: ${total} messages over ${connections} SMTP connections\n`);
  const started = performance.now();
  const outcomes = await Promise.allSettled(
    Array.from({ length: total }, (_, index) =>
      transport.sendMail({
        envelope: { from: 'shop@example.com', to: `${USER.username}@snaptrack.localhost` },
        raw: receiptMail(index),
      }),
    ),
  );
  const acceptSeconds = (performance.now() - started) / 1000;
  transport.close();
  const accepted = outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
  const expenses = await waitForExpenses(pool, accepted, 300_000);
  const allSeconds = (performance.now() - started) / 1000;
  const { rows: mails } = await pool.query(
    `SELECT count(*)::int AS n FROM "mail_ingest"."inbound_mail" WHERE "user_id" = $1`,
    [USER.id],
  );
  const { rows: duplicates } = await pool.query(
    `SELECT count(*)::int AS n FROM (SELECT "email_subject" FROM "expenses"."expenses"
       WHERE "user_id" = $1 GROUP BY "email_subject" HAVING count(*) > 1) d`,
    [USER.id],
  );
  const ok =
    accepted === total && mails[0].n === total && expenses === total && duplicates[0].n === 0;
  process.stdout.write(
    [
      '',
      '| messages | accepted | accepted/s | last expense after | stored mails | expenses | duplicated | check |',
      '|---|---|---|---|---|---|---|---|',
      `| ${total} | ${accepted} | ${(accepted / acceptSeconds).toFixed(1)} | ${allSeconds.toFixed(1)} s | ${mails[0].n} | ${expenses} | ${duplicates[0].n} | ${ok ? 'ok' : 'FAILED'} |`,
      '',
    ].join('\n'),
  );
  process.exitCode = ok ? 0 : 1;
} finally {
  await stack.stop();
  await pool.end();
  await deleteRunQueues(env.RABBITMQ_URL, env.RMQ_PREFIX);
  await dropDatabase(env.DATABASE_URL);
}
