import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * Runs a built process once with exactly this environment (plus PATH) and waits for it to
 * exit: for the tests of what a process refuses at boot (exit 78 and the reason on stderr).
 */
export function bootOnce(main: string, env: NodeJS.ProcessEnv) {
  return spawnSync(process.execPath, [path.resolve(main)], {
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
    timeout: 20_000,
  });
}
