import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';

/** Every process startNode started that has not exited yet. */
const running = new Set();

/**
 * Starts `node <script>` with its output appended to `<logDir>/<name>.log`. Returns a handle
 * with stop() (SIGTERM, then SIGKILL after the grace period) and `exited`.
 */
export function startNode(name, script, env, { cwd, logDir, onExit } = {}) {
  mkdirSync(logDir, { recursive: true });
  const log = createWriteStream(path.join(logDir, `${name}.log`), { flags: 'a' });
  const child = spawn(process.execPath, [script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  let stopping = false;
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      log.end();
      if (!stopping) onExit?.(name, code, signal);
      resolve({ code, signal });
    });
  });
  return {
    name,
    child,
    exited,
    async stop(graceMs = 25_000) {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  };
}

/**
 * For a script that starts stacks and has no shutdown of its own (a bench): SIGINT or SIGTERM
 * stops every process it started (SIGTERM, SIGKILL after `graceMs`) before it exits, so none is
 * left running on its ports and queues.
 */
export function stopChildrenOnSignal(graceMs = 10_000) {
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, async () => {
      process.stderr.write(`\n${signal}: stopping ${running.size} processes…\n`);
      const children = [...running];
      const exits = children.map((child) => new Promise((done) => child.once('exit', done)));
      for (const child of children) child.kill('SIGTERM');
      const timer = setTimeout(() => children.forEach((child) => child.kill('SIGKILL')), graceMs);
      await Promise.all(exits);
      clearTimeout(timer);
      process.exit(130);
    });
  }
}

/** Runs `node <script>` to completion; rejects with its output when it fails. */
export function runNode(script, env, { cwd } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${script} exited with ${code}:\n${output}`)),
    );
  });
}

/** Polls a URL until it answers 2xx, or throws after `timeoutMs`. */
export async function waitForOk(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(4_000) });
      if (response.ok) return;
      last = `${response.status} ${await response.text()}`;
    } catch (error) {
      last = error.message;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} not ready after ${timeoutMs} ms: ${last}`);
}
