import { useQueries } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getExpenseQueryOptions } from '@/lib/queries/get-expense';
import type { Expense } from '@snaptrack/contracts/core';
import { isReading, type UploadItem } from './upload-batch';

/**
 * At most this many uploads are followed at once (each asks every 2 s while it is read): a
 * batch of 100 is followed ten at a time, the next as soon as one is done.
 */
export const FOLLOWED_AT_ONCE = 10;

/**
 * Follows the expense of each uploaded receipt until it is ready or failed, and hands every
 * new reading to `onReading`, so the card says what became of it.
 */
export function useFollowedExpenses(
  items: readonly UploadItem[],
  onReading: (id: string, expense: Expense) => void,
): void {
  const reading = items.filter(isReading).slice(0, FOLLOWED_AT_ONCE);
  const results = useQueries({
    queries: reading.map((item) => getExpenseQueryOptions(item.expenseId!)),
  });
  useEffect(() => {
    results.forEach((result, index) => {
      const item = reading[index];
      const expense = result.data;
      if (item && expense && expense !== item.expense) onReading(item.id, expense);
    });
  });
}
