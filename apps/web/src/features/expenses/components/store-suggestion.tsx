import { StoreMessages } from '@snaptrack/contracts/core';
import { Button } from '@/components/ui/button';
import type { Expense } from '@/types/api';
import { useExpenseStore } from '../api/get-expense-store';

const FIELD_NAMES: Record<string, string> = {
  vendor: 'vendor',
  amount: 'total',
  currency: 'currency',
  entity: 'entity',
  tags: 'tags',
};

/**
 * What a store SnapTrack knows did to this receipt: the fields it filled in ("Remembered from
 * your correction") and the entity and tags the user chose for the store before, offered when
 * they did not always choose the same.
 */
export function StoreSuggestion({
  expense,
  onUse,
}: {
  expense: Expense;
  onUse: (choice: { entity: string | null; tags: string[] }) => void;
}) {
  const match = useExpenseStore(expense.id, expense.image_url !== null || !!expense.raw_ocr_text);
  const data = match.data;
  if (!data?.store) return null;
  const name = data.store.vendor ?? 'this store';
  const suggestion = data.suggestion;
  return (
    <div className="store-suggestion" role="note" aria-label="Store SnapTrack knows">
      {data.remembered.length > 0 ? (
        <p className="store-suggestion__text">
          {StoreMessages.remembered} ({name}):{' '}
          {data.remembered.map((field) => FIELD_NAMES[field] ?? field).join(', ')}.
        </p>
      ) : null}
      {suggestion ? (
        <p className="store-suggestion__text">
          Suggested for {name}:{' '}
          {[suggestion.entity ?? 'Unassigned', ...suggestion.tags].join(' · ')}{' '}
          <Button size="sm" variant="ghost" onClick={() => onUse(suggestion)}>
            Use suggestion
          </Button>
        </p>
      ) : null}
    </div>
  );
}
