import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OBJECT_STORAGE } from '@snaptrack/nest-config';
import { LOGGER, type Logger } from '@snaptrack/nest-logging';
import type { PeriodicJob } from '@snaptrack/nest-rmq';
import { sweepOrphans, type ObjectStorage } from '@snaptrack/storage';
import { type ExpensesConfig } from '../config/env.js';
import { ExpensesRepository } from '../expenses/expenses.repository.js';
import { EXPENSES_CONFIG } from '../tokens.js';

/** Uploaded and mailed receipts are stored under this folder; expenses own their rows. */
export const RECEIPTS_PREFIX = 'receipts/';

/**
 * Deletes receipt objects that no expense points to once they are older than
 * ORPHAN_SWEEP_GRACE_MINUTES: uploads whose expense never committed (a timeout the gateway
 * could not decide), mailed receipts expenses refused, deletes that failed after the row went.
 * Every ORPHAN_SWEEP_INTERVAL_SECONDS; replicas may sweep at once (deletes are idempotent).
 */
@Injectable()
export class OrphanSweeper implements PeriodicJob {
  readonly name = 'orphan sweep';
  readonly everyMs: number;

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(EXPENSES_CONFIG) private readonly config: ExpensesConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.everyMs = config.ORPHAN_SWEEP_INTERVAL_SECONDS * 1000;
  }

  async run(): Promise<void> {
    const deleted = await this.sweep();
    if (deleted) this.logger.info({ deleted }, 'orphaned receipt objects deleted');
  }

  /** One pass; returns how many objects were deleted. */
  async sweep(): Promise<number> {
    const graceMs = this.config.ORPHAN_SWEEP_GRACE_MINUTES * 60_000;
    return sweepOrphans(this.storage, {
      prefix: RECEIPTS_PREFIX,
      olderThan: new Date(Date.now() - graceMs),
      referenced: (keys) => ExpensesRepository.referencedImageKeys(this.dataSource, keys),
    });
  }
}
