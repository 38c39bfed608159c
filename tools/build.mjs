// `npm run build`: every server project (tsc project references, incremental) and the SPA.
// The two do not depend on each other (the SPA bundles the contracts' core from its source), so
// they build side by side: tsc uses one core, the bundler the other.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { forbiddenBundleSources } from './checks/web-bundle.mjs';
import { precompress } from './lib/precompress.mjs';
import { ROOT } from './lib/stack.mjs';

/** Runs one command to its end; rejects, naming the step, when it fails. */
function run(label, command, args) {
  process.stdout.write(`build: ${label}\n`);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit' });
    child.once('error', (error) => reject(new Error(`${label} failed: ${error.message}`)));
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`${label} failed`))));
  });
}

const bin = (name) => path.join(ROOT, 'node_modules/.bin', name);

async function buildServer() {
  await run('server (tsc -b)', bin('tsc'), ['-b', 'tsconfig.build.json']);
}

async function buildWeb() {
  if (!existsSync(path.join(ROOT, 'apps/web/vite.config.ts'))) return;
  await run('web (vite)', bin('vite'), [
    'build',
    '--config',
    'apps/web/vite.config.ts',
    '--logLevel',
    'warn',
  ]);
  await run('web prerender (landing page)', process.execPath, ['tools/lib/prerender-landing.mjs']);
  const zipped = precompress(path.join(ROOT, 'apps/web/dist'));
  process.stdout.write(`build: web gzip (${zipped} files)\n`);
  const forbidden = forbiddenBundleSources(path.join(ROOT, 'apps/web/dist/assets'));
  if (forbidden.length > 0) {
    throw new Error(
      `the SPA bundle holds server-only code (import @snaptrack/contracts/core):\n  ${forbidden.join('\n  ')}`,
    );
  }
}

const results = await Promise.allSettled([buildServer(), buildWeb()]);
const failed = results.filter((result) => result.status === 'rejected');
for (const { reason } of failed) process.stderr.write(`build: ${reason.message}\n`);
process.exit(failed.length ? 1 : 0);
