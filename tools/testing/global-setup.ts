import path from 'node:path';
import type { Server } from 'node:http';
import { ROOT, metricsPorts, migrateAll, stackEnv, startStack } from '../lib/stack.mjs';
import { createBusUsers, deleteBusUsers } from '../lib/bus-users.mjs';
import { stopChildrenOnSignal } from '../lib/processes.mjs';
import { enableBrokerMetrics } from '../lib/broker-metrics.mjs';
import { freePort } from './free-port.mjs';
import { makeTestCertificate } from './test-certificate.mjs';
import { newRunId } from './run-id.mjs';
import { listenStackControl } from './stack-control.mjs';
import { FakeOidcClients, startFakeOidcProvider } from './fake-oidc-provider.mjs';
import { ISSUED_SECRETS_FILE } from './secret-scan.mjs';

interface RunningStack {
  stop(): Promise<void>;
  baseUrl: string;
}

interface BusUsers {
  ok: boolean;
  reason?: string;
  urls?: Record<string, string>;
  users?: string[];
}

declare global {
  var __SNAPTRACK_STACK__:
    | {
        stack: RunningStack;
        control: Server;
        env: Record<string, string>;
        oidc: { close(): Promise<unknown> };
        busUsers: string[];
      }
    | undefined;
}

/**
 * Starts one SnapTrack stack for the integration and browser tests: its own database, queue
 * prefix and port, so that two `npm test` runs on one machine never share anything.
 */
export default async function globalSetup(): Promise<void> {
  const runId = process.env.SNAPTRACK_RUN_ID ?? newRunId();
  const port = await freePort();
  const varDir = path.join(ROOT, 'var', 'test', runId);
  const appUrl = `http://127.0.0.1:${port}`;
  // Stands in for Google and Apple (tests/e2e sign in through it); only the issuer is local.
  const oidc = await startFakeOidcProvider(await freePort(), appUrl);
  const smtpPort = await freePort();
  const tls = makeTestCertificate(path.join(varDir, 'tls'));
  const databaseUrl = `postgres://postgres@127.0.0.1:5432/snaptrack_test_${runId}`;
  const env = stackEnv({
    NODE_ENV: 'test',
    VAR_DIR: varDir,
    DATABASE_URL: databaseUrl,
    RMQ_PREFIX: `t${runId}`,
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED_DEMO: 'true',
    // Long enough that a busy CI machine never turns a slow answer into a 503.
    RPC_TIMEOUT_MS: '8000',
    AUTH_VERSION_CACHE_MS: '1000',
    SHUTDOWN_GRACE_MS: '5000',
    LOG_LEVEL: 'info',
    APP_URL: appUrl,
    MAIL_OUTBOX_DIR: path.join(varDir, 'outbox'),
    // Tests read mail from the outbox files; the logs must stay free of codes (secret-scan.mjs).
    MAIL_LOG_LINKS: 'false',
    GOOGLE_CLIENT_ID: FakeOidcClients.google.id,
    GOOGLE_CLIENT_SECRET: FakeOidcClients.google.secret,
    GOOGLE_ISSUER_URL: oidc.issuer,
    APPLE_CLIENT_ID: FakeOidcClients.apple.id,
    APPLE_CLIENT_SECRET: FakeOidcClients.apple.secret,
    APPLE_ISSUER_URL: oidc.issuer,
    // Lower than the default (100) so the per-IP test stays quick; tests that need a fresh
    // client address send X-Forwarded-For (the gateway trusts it from loopback).
    LOGIN_MAX_FAILURES_PER_IP: '30',
    // Edge limits: counters in the run's database (the path replicas share), loopback exempt
    // from the per-IP ones (every test calls from it; attacker tests send X-Forwarded-For), and
    // the demo account's sign-ins (many tests and browser runs) well above a person's.
    RATE_LIMIT_DATABASE_URL: databaseUrl,
    RATE_LIMIT_EXEMPT_IPS: '127.0.0.1,::1',
    RATE_LIMIT_LOGIN_PER_ACCOUNT: '1000/900',
    // Every committed event is published at once (the relay is kicked); its backstop pass, which
    // each of the stack's services otherwise runs every second for the whole run, only retries
    // a failed publish here. Measured: an idle stack spends about 5.5 CPU s a minute.
    OUTBOX_POLL_MS: '3000',
    // Local subscriptions end or renew, and stalled checkouts finish, within a second.
    BILLING_SWEEP_INTERVAL_MS: '1000',
    // Expired receipt PDFs are swept every second, so the retention test need not wait minutes.
    PDF_SWEEP_INTERVAL_SECONDS: '1',
    SMTP_PORT: String(smtpPort),
    SMTP_TLS_CERT_FILE: tls.certFile,
    SMTP_TLS_KEY_FILE: tls.keyFile,
    // The light engine: tests check the pipeline on clean rendered receipts; which engine reads
    // real photos best is measured by `npm run bench:extraction` (docs/benchmarks.md).
    OCR_ENGINE: process.env.OCR_ENGINE ?? 'tesseract',
    OCR_WORKERS: '1',
    // The webhook tests (gateway, billing) sign their events with it: set for the whole stack,
    // so that neither restarts the gateway. No other test calls the route.
    STRIPE_WEBHOOK_SECRET: `whsec_test_${runId}`,
  }) as Record<string, string>;
  // Each process on the bus as its own RabbitMQ user with its production permissions
  // (tools/lib/bus-users.mjs); env.RABBITMQ_URL stays the admin URL of the tests' own publisher.
  const bus = createBusUsers({
    adminUrl: env.RABBITMQ_URL,
    prefix: env.RMQ_PREFIX,
    tag: env.RMQ_PREFIX,
  }) as BusUsers;
  if (!bus.ok) {
    process.stderr.write(
      `\nglobal-setup: rabbitmqctl unavailable (${bus.reason?.split('\n')[0] ?? 'no reason'}); ` +
        'every process connects as the admin user, bus permissions are NOT tested\n',
    );
  }
  // RabbitMQ's exporter: the dead-letter depth the alert reads comes from the broker itself.
  const brokerMetrics = (await enableBrokerMetrics(env.RABBITMQ_URL)) as {
    ok: boolean;
    url?: string;
    reason?: string;
  };
  if (!brokerMetrics.ok) {
    process.stderr.write(
      `\nglobal-setup: RabbitMQ's Prometheus exporter is off (${brokerMetrics.reason}); ` +
        'the tests of the dead-letter depth fail\n',
    );
  }
  // Every process's /metrics on a port of its own (docs/operations.md, Metrics).
  const metrics = (await metricsPorts(freePort)) as {
    unitEnv: Record<string, Record<string, string>>;
    urls: Record<string, string>;
  };
  // Ctrl-C on a run stops the stack's processes instead of leaving them on their ports.
  stopChildrenOnSignal();
  let stack: RunningStack;
  try {
    await migrateAll(env);
    // Seven services and the gateway starting at once: on a busy 2-core machine that takes a while.
    stack = await startStack(env, {
      logDir: path.join(varDir, 'log'),
      onExit: undefined,
      readyTimeoutMs: 180_000,
      busUrls: bus.urls ?? {},
      unitEnv: metrics.unitEnv,
    });
  } catch (error) {
    await oidc.close();
    await deleteBusUsers(bus.users ?? []);
    throw error;
  }
  const control = await listenStackControl(stack);
  const address = control.address();
  const controlPort = typeof address === 'object' && address ? address.port : 0;
  Object.assign(process.env, {
    SNAPTRACK_RUN_ID: runId,
    SNAPTRACK_BASE_URL: stack.baseUrl,
    SNAPTRACK_CONTROL_URL: `http://127.0.0.1:${controlPort}`,
    SNAPTRACK_DATABASE_URL: env.DATABASE_URL,
    SNAPTRACK_RABBITMQ_URL: env.RABBITMQ_URL,
    SNAPTRACK_RMQ_PREFIX: env.RMQ_PREFIX,
    SNAPTRACK_RPC_TIMEOUT_MS: env.RPC_TIMEOUT_MS,
    SNAPTRACK_STRIPE_WEBHOOK_SECRET: env.STRIPE_WEBHOOK_SECRET,
    SNAPTRACK_JWT_SECRET: env.JWT_SECRET,
    SNAPTRACK_LOG_DIR: path.join(varDir, 'log'),
    SNAPTRACK_OUTBOX_DIR: env.MAIL_OUTBOX_DIR,
    SNAPTRACK_ISSUED_SECRETS_FILE: path.join(varDir, ISSUED_SECRETS_FILE),
    SNAPTRACK_OIDC_ISSUER: oidc.issuer,
    SNAPTRACK_SMTP_PORT: String(smtpPort),
    SNAPTRACK_TLS_CERT_FILE: tls.certFile,
    SNAPTRACK_STORAGE_DIR: env.STORAGE_FS_ROOT,
    // The processes' own bus URLs, for the tests that play a compromised service; unset when
    // rabbitmqctl was unavailable (such tests then skip with a message).
    SNAPTRACK_BUS_URLS: bus.urls ? JSON.stringify(bus.urls) : '',
    // Where each process's /metrics is: {"gateway": "http://127.0.0.1:<port>/metrics", …}.
    SNAPTRACK_METRICS_URLS: JSON.stringify(metrics.urls),
    // RabbitMQ's exporter (rabbitmq_prometheus), empty when it could not be turned on.
    SNAPTRACK_BROKER_METRICS_URL: brokerMetrics.url ?? '',
  });
  globalThis.__SNAPTRACK_STACK__ = { stack, control, env, oidc, busUsers: bus.users ?? [] };
}
