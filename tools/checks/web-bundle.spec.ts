import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { forbiddenBundleSources as find } from './web-bundle.mjs';

function assets(sources: string[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'web-bundle-'));
  writeFileSync(path.join(dir, 'index-abc.js.map'), JSON.stringify({ version: 3, sources }));
  return dir;
}

// The build (tools/build.mjs) fails on what this finds; the real bundle is checked there.
describe('the SPA bundle check', () => {
  it('names class-validator, class-transformer, reflect-metadata and non-core contracts', () => {
    const dir = assets([
      '../../../node_modules/class-validator/esm5/index.js',
      '../../../node_modules/class-transformer/esm5/index.js',
      '../../../node_modules/reflect-metadata/Reflect.js',
      '../../../libs/contracts/src/export/export-filters.ts',
    ]);
    expect(find(dir)).toHaveLength(4);
  });

  it('lets the core and ordinary dependencies through', () => {
    const dir = assets([
      '../../../libs/contracts/src/core/export/export.types.ts',
      '../../../node_modules/react/index.js',
      '../src/features/export/api/download-csv.ts',
    ]);
    expect(find(dir)).toEqual([]);
  });
});
