import type { ServiceFeature } from '@snaptrack/nest-rmq';
import { ExpenseRemovalService } from './expense-removal.service.js';
import { ExpenseSplitService } from './expense-split.service.js';
import { ExpensesController } from './expenses.controller.js';
import { ExpensesService } from './expenses.service.js';

/** Expenses: pages, edits, the review queue, splits and removal. */
export const expenses: ServiceFeature = {
  controllers: [ExpensesController],
  providers: [ExpensesService, ExpenseRemovalService, ExpenseSplitService],
};
