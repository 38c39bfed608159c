import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { createLogger } from '@snaptrack/nest-logging';
import { isDatabaseUp } from '@snaptrack/nest-database';
import { runService } from '@snaptrack/nest-rmq';
import { OBJECT_STORAGE } from '@snaptrack/nest-config';
import type { ObjectStorage } from '@snaptrack/storage';
import { loadOcrConfig } from './config/env.js';
import { brandDirectory } from './extraction/brands/brand-directory.js';
import { OcrModule } from './ocr.module.js';

const config = loadOcrConfig();
const logger = createLogger('ocr-service', config.LOG_LEVEL);

// Read the brand directory now, so the first receipt does not wait for it.
const brandsStarted = performance.now();
const brands = brandDirectory();
logger.info(
  { brands: brands.brands.length, ms: Math.round(performance.now() - brandsStarted) },
  'brand directory loaded',
);

await runService({
  service: 'ocr',
  module: OcrModule.register(config, logger),
  config,
  logger,
  // One receipt per OCR worker in flight: the rest wait in the durable queue, not in memory.
  prefetch: config.OCR_WORKERS,
  ready: async (app) => ({
    postgres: await isDatabaseUp(app.get(DataSource)),
    storage: await app
      .get<ObjectStorage>(OBJECT_STORAGE)
      .ping()
      .then(() => true)
      .catch(() => false),
  }),
});
logger.info({ engine: config.OCR_ENGINE, workers: config.OCR_WORKERS }, 'ocr engine configured');
