import { mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from '@jest/globals';
import { precompress } from './precompress.mjs';

describe('precompress', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'snaptrack-precompress-'));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('writes a .gz beside each larger text file, in every folder, and nothing else', () => {
    const script = `console.log(${JSON.stringify('receipt '.repeat(300))});\n`;
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), `<!doctype html>${'<p>SnapTrack</p>'.repeat(80)}`);
    writeFileSync(path.join(dist, 'assets', 'app-1a2b.js'), script);
    writeFileSync(path.join(dist, 'assets', 'app-1a2b.js.map'), script);
    writeFileSync(path.join(dist, 'assets', 'tiny-1a2b.css'), 'p{margin:0}');
    writeFileSync(path.join(dist, 'assets', 'logo.png'), Buffer.alloc(4096));

    expect(precompress(dist)).toBe(2);

    expect(readdirSync(path.join(dist, 'assets')).sort()).toEqual([
      'app-1a2b.js',
      'app-1a2b.js.gz',
      'app-1a2b.js.map',
      'logo.png',
      'tiny-1a2b.css',
    ]);
    const zipped = path.join(dist, 'assets', 'app-1a2b.js.gz');
    expect(gunzipSync(readFileSync(zipped)).toString()).toBe(script);
    expect(readdirSync(dist)).toContain('index.html.gz');
  });
});
