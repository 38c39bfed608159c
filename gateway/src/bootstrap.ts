import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import helmet from 'helmet';
import { createLogger, PinoNestLogger } from '@snaptrack/nest-logging';
import { BusClient, initMetrics, listenMetrics } from '@snaptrack/nest-rmq';
import { loadGatewayConfig, servesApiDocs } from './config/env.js';
import { AppModule } from './app.module.js';
import { requestIdMiddleware } from './common/request-id.middleware.js';
import { serveStaticFiles } from './static-files.js';
import { securityHeaders } from './security-headers.js';
import { bodyParserErrors } from './common/body-parser-errors.js';
import { accessLog } from './common/access-log.js';
import { httpMetrics } from './metrics/http-metrics.js';
import { requestSpan } from './common/request-span.js';

const config = loadGatewayConfig();
const logger = createLogger('gateway', config.LOG_LEVEL);
const bus = new BusClient({
  url: config.RABBITMQ_URL,
  prefix: config.RMQ_PREFIX,
  timeoutMs: config.RPC_TIMEOUT_MS,
});

const app = await NestFactory.create<NestExpressApplication>(
  AppModule.register(config, logger, bus),
  {
    logger: new PinoNestLogger(logger),
    bodyParser: false,
    rawBody: true,
  },
);
app.disable('x-powered-by');
app.set('trust proxy', config.TRUST_PROXY);
// Tracing on (main.ts started the SDK): first, so all the request's work is inside its span.
if (config.OTEL_EXPORTER_OTLP_ENDPOINT) app.use(requestSpan);
if (config.METRICS_PORT) {
  initMetrics('gateway');
  app.use(httpMetrics);
}
app.use(requestIdMiddleware);
app.use(accessLog(logger));
app.use(helmet(securityHeaders));
app.useBodyParser('json', { limit: config.JSON_BODY_LIMIT });
app.useBodyParser('urlencoded', { limit: config.JSON_BODY_LIMIT, extended: false });
app.use(bodyParserErrors);
app.setGlobalPrefix('api');
app.enableShutdownHooks();

// The API's map is for developers: production serves it only when API_DOCS=true.
if (servesApiDocs(config)) {
  const openApi = new DocumentBuilder()
    .setTitle('SnapTrack API')
    .setDescription('Receipt capture and expense tracking')
    .setVersion('1.0')
    .addBearerAuth()
    .build();
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, openApi));
}

serveStaticFiles(app.getHttpAdapter().getInstance(), config.WEB_DIST_DIR, config.LEGAL_DOCS_DIR);

app.getHttpServer().on('close', () => void bus.close());
await app.listen(config.PORT, config.HOST);
// Keep idle connections open longer than clients and proxies do (nginx 60 s, undici 4 s), so a
// socket is never closed by us at the moment a client reuses it ("other side closed").
const server = app.getHttpServer();
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
logger.info({ port: config.PORT }, 'gateway listening');
if (config.METRICS_PORT) {
  const metrics = await listenMetrics(config.METRICS_PORT, config.HOST);
  app.getHttpServer().on('close', () => metrics.close());
  logger.info({ port: config.METRICS_PORT }, 'metrics at /metrics');
}
