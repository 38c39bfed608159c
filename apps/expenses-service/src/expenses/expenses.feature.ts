import type { ServiceFeature } from '@snaptrack/nest-rmq';
import { ExpenseRemovalService } from './expense-removal.service.js';
import { ExpensesController } from './expenses.controller.js';
import { ExpensesService } from './expenses.service.js';

/** Expenses: pages, edits, the review queue and removal. */
export const expenses: ServiceFeature = {
  controllers: [ExpensesController],
  providers: [ExpensesService, ExpenseRemovalService],
};
