import { defineService } from '@snaptrack/nest-rmq';
import { loadOcrConfig } from './config/env.js';
import { ocrSchema } from './database/data-source.js';
import { brandDirectory } from './extraction/brands/brand-directory.js';
import { ReceiptJobsController } from './jobs/receipt-jobs.controller.js';
import { ReceiptJobsService } from './jobs/receipt-jobs.service.js';
import { ocrParts } from './ocr.parts.js';
import { OCR_CONFIG } from './tokens.js';

export const ocrService = defineService({
  name: 'ocr',
  config: { load: loadOcrConfig, token: OCR_CONFIG },
  schema: ocrSchema,
  outbox: true,
  // Readiness lists the folder it reads: its storage user may list no other.
  storage: { pingPrefix: 'receipts/', ready: true },
  controllers: [ReceiptJobsController],
  providers: (config, logger) => [...ocrParts(config, logger), ReceiptJobsService],
  // One receipt per OCR worker in flight: the rest wait in the durable queue, not in memory.
  prefetch: (config) => config.OCR_WORKERS,
  // Read the brand directory now, so the first receipt does not wait for it.
  beforeStart: (_config, logger) => {
    const started = performance.now();
    const { brands } = brandDirectory();
    const ms = Math.round(performance.now() - started);
    logger.info({ brands: brands.length, ms }, 'brand directory loaded');
  },
  afterStart: ({ OCR_ENGINE: engine, OCR_WORKERS: workers }, logger) =>
    logger.info({ engine, workers }, 'ocr engine configured'),
});
