import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  SplitMessages,
  splitAmounts,
  type Expense,
  type SplitExpenseBody,
} from '@snaptrack/contracts';
import { BusError } from '@snaptrack/nest-rmq';
import { ensureTags } from '../tags/tag-catalog.js';
import { ExpensePartsRepository, type NewPartRow } from './expense-parts.repository.js';
import { ExpensesRepository } from './expenses.repository.js';
import { ExpensesService, notFound, resolveEntity } from './expenses.service.js';

/**
 * Splitting a receipt between entities (docs/api.md, Splits). The rules: only a finished
 * expense with an amount above 0; 2 to 10 parts adding up to its total in whole minor units
 * (by percentage, the last part takes the rounding); each part's entity one of the user's.
 */
@Injectable()
export class ExpenseSplitService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(ExpensesService) private readonly expenses: ExpensesService,
  ) {}

  /** Splits the expense into these parts, replacing any split it had. */
  async split(userId: string, id: string, body: SplitExpenseBody): Promise<Expense> {
    return this.dataSource.transaction(async (manager) => {
      const found = await ExpensesRepository.lockForUpdate(manager, userId, id);
      if (!found) throw notFound();
      if (found.status !== 'ready' || Number(found.amount) <= 0) {
        throw new BusError('VALIDATION_FAILED', SplitMessages.notReady, { fields: ['parts'] });
      }
      const result = splitAmounts(Number(found.amount), found.currency, body.mode, body.parts);
      if (!result.ok)
        throw new BusError('VALIDATION_FAILED', result.message, { fields: ['parts'] });
      const rows: NewPartRow[] = [];
      for (const [index, part] of body.parts.entries()) {
        rows.push({
          entity_id: await resolveEntity(manager, userId, part.entity ?? null),
          tags: await ensureTags(manager, userId, part.tags ?? []),
          description: part.description?.trim() || null,
          amount: result.amounts[index].toFixed(2),
          percent: body.mode === 'percent' ? String(part.percent) : null,
        });
      }
      // Touched first: the user's version moves (and is locked) before any total.
      await ExpensesRepository.update(manager, userId, id, {});
      await ExpensePartsRepository.replace(manager, userId, id, rows);
      return this.expenses.get(userId, id, manager);
    });
  }

  /** Makes the expense one part again (nothing happens to one that is not split). */
  async unsplit(userId: string, id: string): Promise<Expense> {
    return this.dataSource.transaction(async (manager) => {
      if (!(await ExpensesRepository.lockForUpdate(manager, userId, id))) throw notFound();
      await ExpensesRepository.update(manager, userId, id, {});
      await ExpensePartsRepository.removeAll(manager, userId, id);
      return this.expenses.get(userId, id, manager);
    });
  }
}
