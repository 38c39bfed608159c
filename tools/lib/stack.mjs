import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GATEWAY, SERVICES } from './services.mjs';
import { ensureDatabase } from './postgres.mjs';
import { runNode, startNode, waitForOk } from './processes.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A JWT secret kept in var/ so tokens survive restarts of a local run. */
export function localSecret(varDir) {
  const file = path.join(varDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  mkdirSync(varDir, { recursive: true });
  const secrets = { JWT_SECRET: randomBytes(48).toString('base64url') };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

/** The environment every process of one stack shares; caller values win. */
export function stackEnv(overrides) {
  const varDir = overrides.VAR_DIR ?? path.join(ROOT, 'var');
  // Defaults, then the caller's environment (so PORT, DATABASE_URL … can be overridden),
  // then what this stack must have.
  const env = {
    NODE_ENV: 'development',
    DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/snaptrack',
    RABBITMQ_URL: 'amqp://guest:guest@127.0.0.1:5672',
    RMQ_PREFIX: 'snaptrack',
    MAIL_DOMAIN: 'snaptrack.localhost',
    // Billing defaults to Stripe when its key is set, otherwise to the built-in local checkout.
    BILLING: process.env.STRIPE_SECRET_KEY ? 'stripe' : 'local',
    STORAGE_DRIVER: 'fs',
    STORAGE_FS_ROOT: path.join(varDir, 'storage'),
    WEB_DIST_DIR: path.join(ROOT, 'apps/web/dist'),
    LEGAL_DOCS_DIR: path.join(ROOT, 'docs/legal'),
    READY_SERVICES: SERVICES.filter((service) => service.gatewayReadiness !== false)
      .map((service) => service.name)
      .join(','),
    PORT: '8080',
    ...localSecret(varDir),
    ...process.env,
    ...overrides,
  };
  // Links in mail point at the web app; reset, setup and verification mails land in the outbox.
  env.APP_URL ??= `http://localhost:${env.PORT}`;
  env.MAIL_OUTBOX_DIR ??= path.join(varDir, 'outbox');
  return env;
}

/** Creates the database if needed and runs every service's migrate step (and the seed). */
export async function migrateAll(env) {
  await ensureDatabase(env.DATABASE_URL);
  const lines = [];
  for (const service of SERVICES) {
    lines.push(
      (await runNode(path.join(ROOT, service.dir, 'dist/database/migrate.js'), env)).trim(),
    );
  }
  return lines;
}

/**
 * The administrator's part of the bus (exchanges, every queue and binding), declared with
 * `env.RABBITMQ_URL` before any service starts; services may not declare exchanges.
 */
export async function declareBus(env) {
  // Imported here: tools/build.mjs loads this file before anything is built.
  const { declareBusTopology } = await import('@snaptrack/nest-rmq');
  const { default: amqp } = await import('amqplib');
  const connection = await amqp.connect(env.RABBITMQ_URL);
  try {
    const channel = await connection.createChannel();
    const services = SERVICES.map((service) => service.name);
    await declareBusTopology(channel, env.RMQ_PREFIX, services);
  } finally {
    await connection.close();
  }
}

/**
 * Starts every service and then the gateway as separate processes and waits until
 * /api/health/ready is green. Returns handles to stop or restart single processes.
 * `busUrls` gives a process its own RabbitMQ URL (tools/lib/bus-users.mjs); without one it
 * connects with `env.RABBITMQ_URL`. `unitEnv` adds variables of one process only (its ports:
 * processes on one machine need their own HEALTH_PORT, see `metricsPorts`).
 */
export async function startStack(
  env,
  { logDir, onExit, readyTimeoutMs = 60_000, busUrls = {}, unitEnv = {} },
) {
  await declareBus(env);
  const handles = new Map();
  const start = (unit, processEnv = env) => {
    const ownEnv = {
      ...processEnv,
      RABBITMQ_URL: busUrls[unit.name] ?? processEnv.RABBITMQ_URL,
    };
    const handle = startNode(unit.name, path.join(ROOT, unit.dir, 'dist/main.js'), ownEnv, {
      cwd: ROOT,
      logDir,
      onExit,
    });
    handles.set(unit.name, handle);
    return handle;
  };
  for (const unit of [...SERVICES, GATEWAY]) start(unit, { ...env, ...unitEnv[unit.name] });
  const baseUrl = `http://127.0.0.1:${env.PORT}`;
  try {
    await waitForOk(`${baseUrl}/api/health/ready`, readyTimeoutMs);
  } catch (error) {
    await stopStack(handles);
    throw error;
  }
  return {
    baseUrl,
    handles,
    async stopUnit(name) {
      await handles.get(name)?.stop();
    },
    /** Starts one process again; `overrides` change its environment for this run only. */
    startUnit(name, overrides = {}) {
      const unit = [...SERVICES, GATEWAY].find((candidate) => candidate.name === name);
      if (!unit) throw new Error(`unknown unit ${name}`);
      return start(unit, { ...env, ...unitEnv[name], ...overrides });
    },
    stop: () => stopStack(handles),
  };
}

/** Gateway first (no new requests), then the services, which drain their messages. */
export async function stopStack(handles) {
  await handles.get(GATEWAY.name)?.stop();
  await Promise.all([...handles.values()].map((handle) => handle.stop()));
}

/**
 * One metrics port per process, from `port()` (a free-port finder, or a counter): the gateway
 * first, then the services in their start order. Each service's HEALTH_PORT
 * (which serves /metrics) and the gateway's METRICS_PORT. Returns the `unitEnv` for startStack
 * and where each process's /metrics is.
 */
export async function metricsPorts(port, host = '127.0.0.1') {
  const unitEnv = {};
  const urls = {};
  for (const unit of [GATEWAY, ...SERVICES]) {
    const free = String(await port());
    unitEnv[unit.name] = unit === GATEWAY ? { METRICS_PORT: free } : { HEALTH_PORT: free };
    urls[unit.name] = `http://${host}:${free}/metrics`;
  }
  return { unitEnv, urls };
}
