import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';

// deploy/prune-node-modules.mjs, run by deploy/Dockerfile.node after `npm ci --omit=dev`, on a
// made-up install: the completeness check and the removal of what an APP does not import.

const SCRIPT = path.resolve(import.meta.dirname, '../../deploy/prune-node-modules.mjs');
let dir = '';

/** An /app with these installed packages ({path: dependencies}) and a matching lockfile. */
function install(packages: Record<string, Record<string, string>>, rootDeps: string[]) {
  dir = mkdtempSync(path.join(tmpdir(), 'prune-'));
  const entries: Record<string, unknown> = { '': { dependencies: {} } };
  for (const [lockPath, dependencies] of Object.entries(packages)) {
    entries[lockPath] = { version: '1.0.0', dependencies };
    mkdirSync(path.join(dir, lockPath), { recursive: true });
    writeFileSync(path.join(dir, lockPath, 'package.json'), '{}');
    writeFileSync(path.join(dir, lockPath, 'index.js'), '');
    writeFileSync(path.join(dir, lockPath, 'index.d.ts'), '');
  }
  const dependencies = Object.fromEntries(rootDeps.map((name) => [name, '^1.0.0']));
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ dependencies }));
  writeFileSync(path.join(dir, 'package-lock.json'), JSON.stringify({ packages: entries }));
}

function prune(...args: string[]) {
  const result = spawnSync(process.execPath, [SCRIPT, ...args], { cwd: dir, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const present = (lockPath: string) => existsSync(path.join(dir, lockPath, 'package.json'));

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('prune-node-modules', () => {
  it('fails the build when a dependency of the install is missing', () => {
    install({ 'node_modules/typeorm': { 'reflect-metadata': '^0.2.0' } }, ['typeorm']);
    // reflect-metadata is in the lockfile's graph but was never unpacked.
    writeFileSync(
      path.join(dir, 'package-lock.json'),
      JSON.stringify({
        packages: {
          '': {},
          'node_modules/typeorm': { dependencies: { 'reflect-metadata': '^0.2.0' } },
          'node_modules/reflect-metadata': {},
        },
      }),
    );
    const result = prune('--check');
    expect(result.status).toBe(1);
    expect(result.output).toContain(
      'node_modules/reflect-metadata (needed by node_modules/typeorm)',
    );
  });

  it("removes the OCR group from the gateway's image but keeps what others share", () => {
    install(
      {
        'node_modules/tesseract.js': { 'shared-util': '^1.0.0', 'ocr-only': '^1.0.0' },
        'node_modules/ocr-only': {},
        'node_modules/shared-util': {},
        'node_modules/jose': { 'shared-util': '^1.0.0' },
      },
      ['tesseract.js', 'jose'],
    );
    const result = prune('--for', 'gateway');
    expect(result.status).toBe(0);
    expect(present('node_modules/tesseract.js')).toBe(false);
    expect(present('node_modules/ocr-only')).toBe(false);
    expect(present('node_modules/shared-util')).toBe(true);
    expect(present('node_modules/jose')).toBe(true);
    // Type declarations go; the code stays.
    expect(existsSync(path.join(dir, 'node_modules/jose/index.d.ts'))).toBe(false);
    expect(existsSync(path.join(dir, 'node_modules/jose/index.js'))).toBe(true);
  });

  /** Installs these packages with these files, prunes for `app`: answers which files are left. */
  function filesLeft(app: string, files: string[]) {
    const packages = [
      ...new Set(
        files.map((file) =>
          file
            .split('/')
            .slice(0, file.startsWith('@') ? 2 : 1)
            .join('/'),
        ),
      ),
    ];
    install(Object.fromEntries(packages.map((name) => [`node_modules/${name}`, {}])), packages);
    for (const file of files) {
      mkdirSync(path.dirname(path.join(dir, 'node_modules', file)), { recursive: true });
      writeFileSync(path.join(dir, 'node_modules', file), 'x');
    }
    expect(prune('--for', app).status).toBe(0);
    return files.filter((file) => existsSync(path.join(dir, 'node_modules', file)));
  }

  it("removes the OCR models and browser builds apps/ocr-service's image never loads", () => {
    const left = filesLeft('apps/ocr-service', [
      'tesseract.js-core/tesseract-core-simd-lstm.js',
      'tesseract.js-core/tesseract-core-simd-lstm.wasm',
      'tesseract.js-core/tesseract-core-simd-lstm.wasm.js',
      'tesseract.js-core/tesseract-core-simd.wasm',
      '@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz',
      '@tesseract.js-data/eng/4.0.0/eng.traineddata.gz',
    ]);
    expect(left).toEqual([
      'tesseract.js-core/tesseract-core-simd-lstm.js',
      'tesseract.js-core/tesseract-core-simd-lstm.wasm',
      'tesseract.js-core/tesseract-core-simd.wasm',
      '@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz',
    ]);
  });

  it('keeps only the two DejaVu faces the PDFs are set in', () => {
    const left = filesLeft('apps/export-service', [
      'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
      'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
      'dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf',
      'dejavu-fonts-ttf/ttf/DejaVuSans-BoldOblique.ttf',
      'dejavu-fonts-ttf/status.txt',
      'dejavu-fonts-ttf/LICENSE',
    ]);
    expect(left).toEqual([
      'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
      'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
      'dejavu-fonts-ttf/LICENSE',
    ]);
  });

  it("keeps the OCR group in apps/ocr-service's image", () => {
    install({ 'node_modules/tesseract.js': {} }, ['tesseract.js']);
    expect(prune('--for', 'apps/ocr-service').status).toBe(0);
    expect(present('node_modules/tesseract.js')).toBe(true);
  });
});
