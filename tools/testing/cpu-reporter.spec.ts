import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { treeCpuSeconds } from './cpu-reporter.mjs';

// A grandchild that outlives its parent is handed to init, as Chromium's helpers are when a
// browser closes: the CPU it spends afterwards must still count.
const BURN = `
  const fs = require('node:fs');
  const out = process.argv[1];
  const parent = process.ppid;
  // Each step waits for the one before it, never for a time (a loaded machine delays anything by
  // seconds); the caps only end a broken run.
  const once = (ready, then) => {
    const until = Date.now() + 30000;
    (function wait() {
      if (ready() || Date.now() > until) then();
      else setTimeout(wait, 10);
    })();
  };
  fs.writeFileSync(out + '.started', '');
  // Burns once its shell has exited and it has been handed to init…
  once(
    () => process.ppid !== parent,
    () => {
      let x = 0;
      for (let i = 0; i < 2e8; i += 1) x += i;
      const { user, system } = process.cpuUsage();
      fs.writeFileSync(out, String((user + system) / 1e6 + x * 0));
      // …and lives on until the test has looked once more, so that look holds all it spent.
      once(() => fs.existsSync(out + '.seen'), () => undefined);
    },
  );
`;

describe('treeCpuSeconds', () => {
  it('counts a process that left the tree alive (handed to init)', async () => {
    const out = path.join(mkdtempSync(path.join(tmpdir(), 'cpu-reporter-')), 'seconds');
    const before = treeCpuSeconds();
    // The shell starts the burner in the background and exits once the test has looked at the
    // tree with the burner in it.
    const script = `"${process.execPath}" -e "$0" "$1" &
      while [ ! -e "$1.looked" ]; do sleep 0.05; done`;
    spawn('sh', ['-c', script, BURN, out], { stdio: 'ignore' });
    while (!existsSync(`${out}.started`)) await new Promise((resolve) => setTimeout(resolve, 20));
    treeCpuSeconds(); // the reporter's periodic look, the burner still in the tree
    writeFileSync(`${out}.looked`, '');
    while (!existsSync(out) || readFileSync(out, 'utf8') === '') {
      treeCpuSeconds(); // the reporter's periodic look
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const burnt = Number(readFileSync(out, 'utf8'));
    treeCpuSeconds(); // a look while the burner, done, still lives
    writeFileSync(`${out}.seen`, '');
    expect(burnt).toBeGreaterThan(0.05);
    // The burner's time when last seen alive: all it spent, counted after it has gone.
    expect(treeCpuSeconds() - before).toBeGreaterThanOrEqual(burnt * 0.8);
  });
});
