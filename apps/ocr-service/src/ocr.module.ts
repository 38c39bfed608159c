import { Module, type DynamicModule } from '@nestjs/common';
import { DatabaseModule } from '@snaptrack/nest-database';
import { createPingController, outboxBusProviders } from '@snaptrack/nest-rmq';
import { objectStorageProvider } from '@snaptrack/nest-config';
import { LOGGER, type Logger } from '@snaptrack/nest-logging';
import { OCR_SCHEMA, type OcrConfig } from './config/env.js';
import { ocrEntities, ocrMigrations } from './database/data-source.js';
import { createLlmExtractor } from './extraction/llm-extractor.js';
import { ReceiptJobsController } from './jobs/receipt-jobs.controller.js';
import { ReceiptJobsService } from './jobs/receipt-jobs.service.js';
import { EnginePool } from './ocr/engine-pool.js';
import { createOcrEngine } from './ocr/create-ocr-engine.js';
import { OCR_CONFIG, LLM_EXTRACTOR } from './tokens.js';

/** One engine per worker; engines load their models on the first receipt. */
export function createEnginePool(config: OcrConfig): EnginePool {
  const engines = Array.from({ length: config.OCR_WORKERS }, () =>
    createOcrEngine(config.OCR_ENGINE, {
      tesseract: {
        languages: config.OCR_LANGUAGES,
        jobTimeoutMs: config.OCR_JOB_TIMEOUT_MS,
        recycleAfterJobs: config.OCR_RECYCLE_AFTER_JOBS,
      },
      paddle: {
        jobTimeoutMs: config.OCR_JOB_TIMEOUT_MS,
        recycleAfterJobs: config.OCR_RECYCLE_AFTER_JOBS,
      },
    }),
  );
  return new EnginePool(engines);
}

/** Model extraction when OPENAI_API_KEY or OPENAI_BASE_URL is set, otherwise null (rules only). */
function createModelExtractor(config: OcrConfig, logger: Logger) {
  const extractor = createLlmExtractor(config, logger);
  if (extractor) {
    logger.info(
      {
        model: config.OPENAI_MODEL,
        baseUrl: config.OPENAI_BASE_URL ?? 'https://api.openai.com/v1',
      },
      'model extraction on',
    );
  }
  return extractor;
}

@Module({})
export class OcrModule {
  static register(config: OcrConfig, logger: Logger): DynamicModule {
    return {
      module: OcrModule,
      imports: [
        DatabaseModule.forService({
          url: config.DATABASE_URL,
          statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
          schema: OCR_SCHEMA,
          entities: ocrEntities,
          migrations: ocrMigrations,
        }),
      ],
      controllers: [createPingController('ocr'), ReceiptJobsController],
      providers: [
        { provide: OCR_CONFIG, useValue: config },
        { provide: LOGGER, useValue: logger },
        // Readiness lists the folder it reads: its storage user may list no other.
        objectStorageProvider(OCR_CONFIG, 'receipts/'),
        { provide: EnginePool, useValue: createEnginePool(config) },
        { provide: LLM_EXTRACTOR, useFactory: () => createModelExtractor(config, logger) },
        ...outboxBusProviders(OCR_SCHEMA, OCR_CONFIG, LOGGER),
        ReceiptJobsService,
      ],
    };
  }
}
