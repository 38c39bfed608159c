import type { EntityManager } from 'typeorm';
import { SplitMessages, splitAmounts } from '@snaptrack/contracts';
import { BusError } from '@snaptrack/nest-rmq';
import { ExpensePartsRepository } from './expense-parts.repository.js';

/**
 * After an edit of a split expense's total or currency: by percentage, the parts' amounts are
 * computed again from their percentages (the last takes the rounding); by amount, the edit is
 * refused, since nobody said how the new total divides.
 */
export async function resplit(
  manager: EntityManager,
  userId: string,
  id: string,
  total: number,
  currency: string,
): Promise<void> {
  const shares = await ExpensePartsRepository.shares(manager, userId, id);
  if (shares.length === 0) return;
  if (shares.some((share) => share.percent === null)) {
    throw new BusError('VALIDATION_FAILED', SplitMessages.byAmountTotal, { fields: ['amount'] });
  }
  const result = splitAmounts(
    total,
    currency,
    'percent',
    shares.map((share) => ({ percent: Number(share.percent) })),
  );
  if (!result.ok) throw new BusError('VALIDATION_FAILED', result.message, { fields: ['amount'] });
  await ExpensePartsRepository.setAmounts(
    manager,
    userId,
    id,
    result.amounts.map((amount) => amount.toFixed(2)),
  );
}
