import type { ExpenseEntity } from '@/types/api';
import { confidenceLevel, entityTone } from '../utils/expense-display';

const CONFIDENCE_LABELS = { high: 'High', medium: 'Medium', low: 'Low' } as const;

/** How sure the reader was: ≥85% high, ≥70% medium, else low. */
export function ConfidenceBadge({ confidence }: { confidence: number | null }) {
  if (confidence === null) return null;
  const level = confidenceLevel(confidence);
  const percent = Math.round(confidence * 100);
  return (
    <span className={`badge badge--confidence-${level}`} title={`Read with ${percent}% confidence`}>
      {CONFIDENCE_LABELS[level]} · {percent}%
    </span>
  );
}

export function EntityBadge({
  entity,
  entities,
}: {
  entity: string | null;
  entities: readonly ExpenseEntity[];
}) {
  return (
    <span className={`badge badge--${entityTone(entity, entities)}`}>{entity ?? 'Unassigned'}</span>
  );
}
