import { describe, expect, it } from '@jest/globals';
import {
  cleanUsernameInput,
  cooldownHoursLeft,
  normalizeUsername,
  suggestedUsername,
  suggestionCandidates,
  usernameErrors,
} from './username-rules.js';

describe('username rules', () => {
  it('cleans what is typed: lowercase letters, digits, hyphen and dot, up to 30', () => {
    expect(cleanUsernameInput('Jane_Doe!.2')).toBe('janedoe.2');
    expect(cleanUsernameInput('x'.repeat(40))).toHaveLength(30);
  });

  it('accepts lowercase letters, digits, hyphens and dots, 3 to 30 long', () => {
    for (const good of ['abc', 'jane.doe', 'acme-2026', 'a1b', 'x'.repeat(30)]) {
      expect(usernameErrors(good)).toEqual([]);
    }
  });

  it('names every broken rule', () => {
    expect(usernameErrors('ab')).toEqual(['Username must be at least 3 characters']);
    expect(usernameErrors('x'.repeat(31))).toEqual(['Username must be at most 30 characters']);
    expect(usernameErrors('jane_doe')).toEqual([
      'Username can only contain lowercase letters, numbers, hyphens and dots',
    ]);
    expect(usernameErrors('-jane')).toEqual([
      'Username must start and end with a letter or number',
    ]);
    expect(usernameErrors('jane.')).toEqual([
      'Username must start and end with a letter or number',
    ]);
    expect(usernameErrors('jane..doe')).toEqual(['Username cannot contain two dots in a row']);
  });

  it('refuses reserved names', () => {
    for (const name of ['admin', 'support', 'postmaster', 'abuse', 'root', 'expense', 'noreply']) {
      expect(usernameErrors(name)).toEqual(['This username is reserved']);
    }
  });

  it('lowercases and trims before judging', () => {
    expect(normalizeUsername('  Jane.Doe ')).toBe('jane.doe');
  });

  it('suggests from the display name, else the email, letters and digits only, at most 20', () => {
    expect(suggestedUsername('Zoë O’Brien-Smith', 'z@example.com')).toBe('zoeobriensmith');
    expect(suggestedUsername(null, 'jane.doe+receipts@example.com')).toBe('janedoereceipts');
    expect(suggestedUsername('Al', 'alex_w@example.com')).toBe('alexw');
    expect(suggestedUsername('A'.repeat(40), 'a@b.c')).toHaveLength(20);
  });

  it('offers valid variants of a taken name', () => {
    const candidates = suggestionCandidates('jane', 'user', () => 0.5);
    expect(candidates.slice(0, 3)).toEqual(['jane1', 'jane2', 'jane3']);
    for (const candidate of candidates) expect(usernameErrors(candidate)).toEqual([]);
    expect(suggestionCandidates('admin', 'user', () => 0.1)[0]).toBe('admin1');
  });

  it('counts the 24-hour cooldown in whole hours left', () => {
    const changed = new Date('2026-11-21T12:00:00Z');
    expect(cooldownHoursLeft(null, changed)).toBe(0);
    expect(cooldownHoursLeft(changed, new Date('2026-11-21T13:30:00Z'))).toBe(23);
    expect(cooldownHoursLeft(changed, new Date('2026-11-22T11:59:00Z'))).toBe(1);
    expect(cooldownHoursLeft(changed, new Date('2026-11-22T12:00:00Z'))).toBe(0);
  });
});
