import type { ExpenseEntity } from '@/types/api';

export type ConfidenceLevel = 'high' | 'medium' | 'low';

/** OCR confidence bands: 85% or more high, 70% or more medium, below that low. */
export function confidenceLevel(confidence: number): ConfidenceLevel {
  if (confidence >= 0.85) return 'high';
  if (confidence >= 0.7) return 'medium';
  return 'low';
}

export type EntityTone = 'blue' | 'purple' | 'green' | 'gray';

const BUSINESS_TONES: EntityTone[] = ['blue', 'purple', 'green'];

/**
 * Badge colour by entity name: Personal and Unassigned gray; the business entities blue,
 * purple and green in the order the server lists them, then round again.
 */
export function entityTone(name: string | null, entities: readonly ExpenseEntity[]): EntityTone {
  if (!name || name.toLowerCase() === 'personal') return 'gray';
  const business = entities.filter((entity) => entity.name.toLowerCase() !== 'personal');
  const index = business.findIndex((entity) => entity.name.toLowerCase() === name.toLowerCase());
  return index < 0 ? 'gray' : BUSINESS_TONES[index % BUSINESS_TONES.length];
}

export const MAX_TAGS = 5;
export const MAX_TAGS_MESSAGE = 'Maximum 5 tags reached';

/** Adds a tag the way the editor does: trimmed, blank and duplicates (any case) ignored, 5 at most. */
export function addTag(tags: readonly string[], input: string): string[] {
  const tag = input.trim().replace(/\s+/g, ' ');
  if (!tag || tags.length >= MAX_TAGS) return [...tags];
  if (tags.some((existing) => existing.toLowerCase() === tag.toLowerCase())) return [...tags];
  return [...tags, tag];
}
