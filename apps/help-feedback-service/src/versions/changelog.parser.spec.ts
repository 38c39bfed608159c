import { describe, expect, it } from '@jest/globals';
import { compareVersions, parseChangelog } from './changelog.parser.js';

const changelog = `# Changelog

Intro text.

## 0.9.0 - 2026-10-15
type: minor
highlights:
- Beta

First beta.

## 1.10.0 - 2026-12-01
type: minor
build: 42
highlights:
- Faster **exports**
- Dark mode

Body line one.

**Details.** More.
`;

describe('parseChangelog', () => {
  it('reads every release newest first with highlights, body, type and date', () => {
    const [latest, beta] = parseChangelog(changelog);
    expect(latest).toEqual({
      version: '1.10.0',
      buildNumber: '42',
      highlights: ['Faster **exports**', 'Dark mode'],
      content: 'Body line one.\n\n**Details.** More.',
      contentType: 'markdown',
      releaseType: 'minor',
      releaseDate: '2026-12-01',
    });
    expect(beta).toMatchObject({ version: '0.9.0', buildNumber: '1', content: 'First beta.' });
  });

  it('refuses a malformed heading or release type', () => {
    expect(() => parseChangelog('## v1 - yesterday\ntype: major\n')).toThrow(/heading/);
    expect(() => parseChangelog('## 1.0.0 - 2026-01-01\ntype: huge\n')).toThrow(/type/);
  });
});

describe('compareVersions', () => {
  it('compares numerically, not as text', () => {
    expect(compareVersions('1.10.0', '1.9.9')).toBeGreaterThan(0);
    expect(compareVersions('1.0.0', '1.0.0')).toBe(0);
    expect(compareVersions('0.9.0', '1.0.0')).toBeLessThan(0);
  });
});
