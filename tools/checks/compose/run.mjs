// Running commands for the compose check: output to the terminal or captured, a clear error
// when one fails, and a timer for each step of the check.
import { spawn, spawnSync } from 'node:child_process';

/** Runs a command to completion; throws with its output's tail when it fails. */
export function sh(command, args, { env = process.env, input, quiet = true, timeoutMs } = {}) {
  const result = spawnSync(command, args, {
    env,
    input,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    stdio: [
      input === undefined ? 'ignore' : 'pipe',
      quiet ? 'pipe' : 'inherit',
      quiet ? 'pipe' : 'inherit',
    ],
    timeout: timeoutMs,
  });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (result.error || result.status !== 0) {
    const tail = output.trim().split('\n').slice(-30).join('\n');
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.error ?? `exit ${result.status}`})\n${tail}`,
    );
  }
  return result.stdout ?? '';
}

/** Like sh, but answers whether it succeeded instead of throwing. */
export function trySh(command, args, options = {}) {
  try {
    sh(command, args, options);
    return true;
  } catch {
    return false;
  }
}

/** Runs a command without blocking the event loop (for long builds); output streamed. */
export function shAsync(command, args, { env = process.env, quiet = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let tail = '';
    const keep = (chunk) => {
      tail = (tail + chunk).slice(-8000);
      if (!quiet) process.stdout.write(chunk);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(tail)
        : reject(
            new Error(`${command} ${args.join(' ')} failed (exit ${code})\n${tail.slice(-3000)}`),
          ),
    );
  });
}

const timings = [];

/** Runs one step of the check and records how long it took. */
export async function step(name, fn) {
  const started = Date.now();
  console.log(`\n== ${name}`);
  try {
    const result = await fn();
    timings.push([name, Date.now() - started, 'ok']);
    return result;
  } catch (error) {
    timings.push([name, Date.now() - started, 'FAIL']);
    throw error;
  }
}

export function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

export function printTimings() {
  console.log('\nStep times:');
  let total = 0;
  for (const [name, ms, status] of timings) {
    total += ms;
    console.log(`  ${status.padEnd(4)} ${name.padEnd(44)} ${seconds(ms).padStart(9)}`);
  }
  console.log(`       ${'total'.padEnd(44)} ${seconds(total).padStart(9)}`);
}

/** Waits until `probe` answers something truthy, or throws after `timeoutMs`. */
export async function waitFor(what, probe, { timeoutMs = 120_000, everyMs = 1_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error(
    `timed out after ${seconds(timeoutMs)} waiting for ${what}${last ? `: ${last.message}` : ''}`,
  );
}
