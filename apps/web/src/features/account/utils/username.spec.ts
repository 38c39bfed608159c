import { describe, expect, it } from '@jest/globals';
import { canAssign, hoursUntilChange, shouldCheck } from './username';

// The rules themselves (cleaning, suggestions) are the core's and tested there
// (libs/contracts/src/core/auth/username-rules.spec.ts); these are the screen's.

describe('username input rules', () => {
  it('checks only 3+ characters that differ from the current name', () => {
    expect(shouldCheck('ab', null)).toBe(false);
    expect(shouldCheck('abc', 'abc')).toBe(false);
    expect(shouldCheck('abc', 'abd')).toBe(true);
  });

  it('enables assigning only when available and idle', () => {
    const base = { value: 'jane', available: true, checking: false, busy: false };
    expect(canAssign(base)).toBe(true);
    expect(canAssign({ ...base, checking: true })).toBe(false);
    expect(canAssign({ ...base, busy: true })).toBe(false);
    expect(canAssign({ ...base, available: false })).toBe(false);
    expect(canAssign({ ...base, value: 'ja' })).toBe(false);
  });

  it('counts the 24-hour cooldown in hours', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    expect(hoursUntilChange(null, now)).toBe(0);
    expect(hoursUntilChange('2026-11-21T11:30:00Z', now)).toBe(24);
    expect(hoursUntilChange('2026-11-20T11:00:00Z', now)).toBe(0);
  });
});
