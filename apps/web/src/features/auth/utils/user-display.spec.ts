import { describe, expect, it } from '@jest/globals';
import { avatarInitial, displayName } from './user-display';

describe('displayName', () => {
  it('prefers the full name', () => {
    expect(displayName({ full_name: '  Ada Lovelace ', email: 'ada@example.com' })).toBe(
      'Ada Lovelace',
    );
  });

  it('falls back to the local part of the email', () => {
    expect(displayName({ full_name: null, email: 'demo@example.com' })).toBe('demo');
    expect(displayName({ full_name: '   ', email: 'x.y@example.com' })).toBe('x.y');
  });

  it('has a neutral name when nothing is known', () => {
    expect(displayName(null)).toBe('SnapTrack user');
  });
});

describe('avatarInitial', () => {
  it('is the first letter of the display name, upper-cased', () => {
    expect(avatarInitial({ full_name: 'ada', email: 'a@example.com' })).toBe('A');
    expect(avatarInitial({ full_name: null, email: 'zed@example.com' })).toBe('Z');
    expect(avatarInitial({ full_name: 'Émile', email: null })).toBe('É');
  });
});
