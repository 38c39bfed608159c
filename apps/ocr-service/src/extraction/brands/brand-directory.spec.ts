import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { brandDirectory, tradesIn } from './brand-directory.js';

const dir = brandDirectory();
const named = (name: string) => dir.brands.filter((brand) => brand.name === name);

describe('brand directory', () => {
  it('is generated from the installed name-suggestion-index (run npm run brands:update)', () => {
    const require = createRequire(import.meta.url);
    const main = require.resolve('name-suggestion-index');
    const manifest = JSON.parse(
      readFileSync(path.resolve(path.dirname(main), '../../package.json'), 'utf8'),
    ) as { version: string };
    expect(dir.source).toContain(`name-suggestion-index ${manifest.version}`);
  });

  it('finds brands by printed name, web host and country', () => {
    expect(dir.byKey.get('MEDIAMARKT')?.map((i) => dir.brands[i].name)).toContain('MediaMarkt');
    expect(dir.byKey.get('ALDISUED')?.map((i) => dir.brands[i].name)).toContain('Aldi Süd');
    expect(dir.byHost.get('lidl.de')?.map((i) => dir.brands[i].name)).toContain('Lidl');
    expect(named('Tesco').some((brand) => tradesIn(brand, 'GB'))).toBe(true);
    expect(named('MediaMarkt').some((brand) => tradesIn(brand, 'DE'))).toBe(true);
    expect(named('MediaMarkt').some((brand) => tradesIn(brand, 'US'))).toBe(false);
  });

  it('keys a name by its Latin words, never by Latin letters glued to another script', () => {
    const brandsAt = (key: string) => (dir.byKey.get(key) ?? []).map((i) => dir.brands[i].name);
    // "sushi花館" (Kozosushi) and "東横inn" (Toyoko Inn) would be every Sushi… and …Inn.
    expect(brandsAt('SUSHI')).not.toContain('小僧寿し');
    expect(brandsAt('INN')).toEqual([]);
    // "喜來登 Sheraton" gives its Latin name as a word of its own.
    expect(brandsAt('SHERATON').length).toBeGreaterThan(0);
  });
});
