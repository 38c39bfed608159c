import { describe, expect, it } from '@jest/globals';
import {
  analyticsAllowed,
  CONSENT_KEY,
  needsConsent,
  readConsent,
  saveConsent,
} from './consent-store';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('consent store', () => {
  it('asks when there is no record or one of another version', () => {
    const storage = memoryStorage();
    expect(needsConsent(readConsent(storage))).toBe(true);
    storage.setItem(CONSENT_KEY, JSON.stringify({ version: '0.9', accepted: true }));
    expect(needsConsent(readConsent(storage))).toBe(true);
    storage.setItem(CONSENT_KEY, 'not json');
    expect(readConsent(storage)).toBeNull();
  });

  it('stores Accept and Reject as a versioned record; only Accept allows analytics', () => {
    const storage = memoryStorage();
    const now = new Date('2026-11-22T04:00:00Z');
    expect(saveConsent(true, storage, now)).toEqual({
      version: '1.0',
      accepted: true,
      timestamp: '2026-11-22T04:00:00.000Z',
      purposes: { analytics: true, error_tracking: true },
    });
    expect(needsConsent(readConsent(storage))).toBe(false);
    expect(analyticsAllowed(readConsent(storage))).toBe(true);
    saveConsent(false, storage, now);
    expect(readConsent(storage)?.purposes).toEqual({ analytics: false, error_tracking: false });
    expect(analyticsAllowed(readConsent(storage))).toBe(false);
  });
});
