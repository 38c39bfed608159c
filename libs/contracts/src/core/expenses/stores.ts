// Stores SnapTrack knows (docs/api.md, "Stores SnapTrack knows"; docs/ocr.md): what a user's
// correction of a receipt taught about its store, listed in Settings.

/** The kinds of keys that identify a store, strongest first. */
export const StoreKeyKinds = ['tax', 'phone', 'web', 'head', 'name', 'addr'] as const;
export type StoreKeyKind = (typeof StoreKeyKinds)[number];

/** One thing on a receipt that identifies its store. */
export interface StoreKey {
  kind: StoreKeyKind;
  /** As compared: letters and digits only (a domain keeps its dots). */
  value: string;
}

/** A store SnapTrack knows, as Settings lists it. */
export interface KnownStore {
  id: string;
  /** The vendor as the user writes it; null when they never corrected it. */
  vendor: string | null;
  /** The currency the user set for its receipts; null when they never corrected it. */
  currency: string | null;
  /** The entity a new receipt gets (the user always chose it), else null. */
  entity: string | null;
  /** The tags a new receipt gets (the user always chose them), else empty. */
  tags: string[];
  /** Suggested rather than applied: the user chose differently across receipts. */
  suggested_entity: string | null;
  suggested_tags: string[];
  /** The label of the line that holds the total (e.g. `totalrounded`); null when not learned. */
  total_label: string | null;
  keys: StoreKey[];
  /**
   * How many corrections taught it (0: only confirmations in the review queue), and how many
   * receipts it filled in since.
   */
  corrections: number;
  receipts: number;
  updated_at: string;
}

export interface KnownStoreListResponse {
  success: true;
  stores: KnownStore[];
}

export interface KnownStoreResponse {
  success: true;
  store: KnownStore;
}

/**
 * PATCH /api/stores/{id}: what the next receipts of the store get. A null clears the field
 * (the reading's value stands); entity and tags set here are applied as if always chosen.
 */
export interface KnownStoreChanges {
  vendor?: string | null;
  currency?: string | null;
  entity?: string | null;
  tags?: string[];
}

/** GET /api/expenses/{id}/store: the known store the last reading matched, if any. */
export interface ExpenseStoreMatch {
  success: true;
  store: { id: string; vendor: string | null } | null;
  /** The fields the store memory filled in: `vendor`, `amount`, `currency`, `entity`, `tags`. */
  remembered: string[];
  /** What the user chose for this store before, when they did not always choose the same. */
  suggestion: { entity: string | null; tags: string[] } | null;
}

export const StoreMessages = {
  notFound: 'Store not found.',
  /** The evidence line of a field the store memory filled in. */
  remembered: 'Remembered for this store',
} as const;
