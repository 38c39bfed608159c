import type { ServiceFeature } from '@snaptrack/nest-rmq';
import { ExportController } from './export.controller.js';
import { ExportService } from './export.service.js';

/** What exports read of the expenses: keyset pages and totals. */
export const exportRows: ServiceFeature = {
  controllers: [ExportController],
  providers: [ExportService],
};
