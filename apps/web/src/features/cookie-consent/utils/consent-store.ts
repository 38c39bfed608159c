// The consent record (docs/api.md, Cookie consent), kept in local storage under one fixed key.

export const CONSENT_KEY = 'snaptrack-cookie-consent';
export const CONSENT_VERSION = '1.0';

export type ConsentRecord = {
  version: string;
  accepted: boolean;
  timestamp: string;
  purposes: { analytics: boolean; error_tracking: boolean };
};

export function readConsent(
  storage: Pick<Storage, 'getItem'> = localStorage,
): ConsentRecord | null {
  try {
    const raw = storage.getItem(CONSENT_KEY);
    if (!raw) return null;
    const record = JSON.parse(raw) as Partial<ConsentRecord>;
    return typeof record.version === 'string' && typeof record.accepted === 'boolean'
      ? (record as ConsentRecord)
      : null;
  } catch {
    return null;
  }
}

/** The banner shows when there is no record, or one of another version (the policy changed). */
export function needsConsent(record: ConsentRecord | null): boolean {
  return record === null || record.version !== CONSENT_VERSION;
}

export function saveConsent(
  accepted: boolean,
  storage: Pick<Storage, 'setItem'> = localStorage,
  now: Date = new Date(),
): ConsentRecord {
  const record: ConsentRecord = {
    version: CONSENT_VERSION,
    accepted,
    timestamp: now.toISOString(),
    purposes: { analytics: accepted, error_tracking: accepted },
  };
  storage.setItem(CONSENT_KEY, JSON.stringify(record));
  return record;
}

/** Analytics and error tracking may start only with an accepted, current record. */
export function analyticsAllowed(record: ConsentRecord | null): boolean {
  return record !== null && !needsConsent(record) && record.accepted && record.purposes.analytics;
}
