import { createServer, type Server } from 'node:http';
import { NestFactory } from '@nestjs/core';
import type { INestMicroservice } from '@nestjs/common';
import type { ServiceName } from '@snaptrack/contracts';
import { PinoNestLogger, type Logger } from '@snaptrack/nest-logging';
import type { ServiceEnv } from '@snaptrack/nest-config';
import { ReliableRmqServer } from './reliable-rmq-server.js';
import { createRpcValidationPipe } from './message-params.js';
import { StatementTimeoutFilter } from './statement-timeout.filter.js';
import { initMetrics, serveMetrics } from './metrics.js';

export interface RunServiceOptions {
  service: ServiceName;
  module: Parameters<typeof NestFactory.createMicroservice>[0];
  config: ServiceEnv & { RABBITMQ_URL: string };
  logger: Logger;
  prefetch: number;
  /** Lane queues with their own prefetch (see `ReliableServerOptions.lanes`). */
  lanes?: { name: string; prefetch: number }[];
  /** Extra readiness checks (database, storage …): resolve true when ready. */
  ready: (app: INestMicroservice) => Promise<Record<string, boolean>>;
}

/**
 * Starts a service: Nest microservice on its quorum queue with manual acks, validation,
 * shutdown hooks (SIGTERM drains in-flight messages), and the HTTP health listener, which also
 * serves /metrics (METRICS_ENABLED).
 */
export async function runService(options: RunServiceOptions): Promise<INestMicroservice> {
  const { config, logger } = options;
  if (config.METRICS_ENABLED) initMetrics(options.service);
  const strategy = new ReliableRmqServer({
    url: config.RABBITMQ_URL,
    prefix: config.RMQ_PREFIX,
    service: options.service,
    prefetch: options.prefetch,
    lanes: options.lanes,
    logger,
    shutdownGraceMs: config.SHUTDOWN_GRACE_MS,
  });
  let busUp = false;
  strategy.status.subscribe((status) => {
    busUp = ['connected', 'unblocked'].includes(String(status));
  });
  const app = await NestFactory.createMicroservice(options.module, {
    strategy,
    logger: new PinoNestLogger(logger),
  });
  app.useGlobalPipes(createRpcValidationPipe());
  app.useGlobalFilters(new StatementTimeoutFilter(logger));
  app.enableShutdownHooks();
  await app.listen();
  busUp = true;
  const health = config.HEALTH_PORT
    ? await listenHealth(
        config.HEALTH_PORT,
        async () => ({ rabbitmq: busUp, ...(await options.ready(app)) }),
        config.METRICS_ENABLED,
      )
    : undefined;
  process.once('beforeExit', () => health?.close());
  logger.info({ service: options.service }, 'service started');
  return app;
}

function listenHealth(
  port: number,
  check: () => Promise<Record<string, boolean>>,
  metrics: boolean,
): Promise<Server> {
  const server = createServer((req, res) => {
    // Prometheus scrapes this port too (services are never public: the bus is their only door).
    if (metrics && serveMetrics(req, res)) return;
    if (req.url === '/health/live') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
      return;
    }
    if (req.url === '/health/ready') {
      check()
        .then((checks) => {
          const ok = Object.values(checks).every(Boolean);
          res.writeHead(ok ? 200 : 503, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ status: ok ? 'ok' : 'down', checks }));
        })
        .catch(() => res.writeHead(503).end('{"status":"down"}'));
      return;
    }
    res.writeHead(404).end();
  });
  return new Promise((resolve) => server.listen(port, '0.0.0.0', () => resolve(server.unref())));
}
