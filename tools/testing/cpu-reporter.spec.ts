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
  // Idle while its shell sleeps (in the tree: a look sees it), then burns once handed to init.
  setTimeout(() => {
    let x = 0;
    for (let i = 0; i < 2e8; i += 1) x += i;
    const { user, system } = process.cpuUsage();
    fs.writeFileSync(process.argv[1], String((user + system) / 1e6 + x * 0));
    // Idle until the test has looked once more (a loaded machine can delay a look by seconds),
    // so that its last look holds all the burner spent.
    const until = Date.now() + 30000;
    (function wait() {
      if (!fs.existsSync(process.argv[1] + '.seen') && Date.now() < until) setTimeout(wait, 10);
    })();
  }, 1500);
`;

describe('treeCpuSeconds', () => {
  it('counts a process that left the tree alive (handed to init)', async () => {
    const out = path.join(mkdtempSync(path.join(tmpdir(), 'cpu-reporter-')), 'seconds');
    const before = treeCpuSeconds();
    // The shell starts the burner in the background and exits a second later: long enough for
    // a look to see the burner in the tree even on a loaded machine.
    spawn('sh', ['-c', `"${process.execPath}" -e "$0" "$1" & sleep 1`, BURN, out], {
      stdio: 'ignore',
    });
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
