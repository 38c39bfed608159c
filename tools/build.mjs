// `npm run build`: every server project (tsc project references, incremental) and the SPA.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { forbiddenBundleSources } from './checks/web-bundle.mjs';
import { ROOT } from './lib/stack.mjs';

function run(label, command, args) {
  process.stdout.write(`build: ${label}\n`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write(`build: ${label} failed\n`);
    process.exit(result.status ?? 1);
  }
}

const bin = (name) => path.join(ROOT, 'node_modules/.bin', name);
run('server (tsc -b)', bin('tsc'), ['-b', 'tsconfig.build.json']);
if (existsSync(path.join(ROOT, 'apps/web/vite.config.ts'))) {
  run('web (vite)', bin('vite'), [
    'build',
    '--config',
    'apps/web/vite.config.ts',
    '--logLevel',
    'warn',
  ]);
  run('web prerender (landing page)', process.execPath, ['tools/lib/prerender-landing.mjs']);
  const forbidden = forbiddenBundleSources(path.join(ROOT, 'apps/web/dist/assets'));
  if (forbidden.length > 0) {
    process.stderr.write(
      `build: the SPA bundle holds server-only code (import @snaptrack/contracts/core):\n  ${forbidden.join('\n  ')}\n`,
    );
    process.exit(1);
  }
}
