import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { treeCpuSeconds } from './cpu-reporter.mjs';

// A grandchild that outlives its parent is handed to init, as Chromium's helpers are when a
// browser closes: the CPU it spends afterwards must still count.
const BURN = `
  const start = Date.now();
  while (Date.now() - start < 100);            // still in the tree: seen by a sample
  let x = 0;
  for (let i = 0; i < 2e8; i += 1) x += i;     // burns after its parent has exited
  const { user, system } = process.cpuUsage();
  require('node:fs').writeFileSync(process.argv[1], String((user + system) / 1e6 + x * 0));
`;

describe('treeCpuSeconds', () => {
  it('counts a process that left the tree alive (handed to init)', async () => {
    const out = path.join(mkdtempSync(path.join(tmpdir(), 'cpu-reporter-')), 'seconds');
    const before = treeCpuSeconds();
    // The shell starts the burner in the background and exits at once.
    spawn('sh', ['-c', `"${process.execPath}" -e "$0" "$1" & sleep 0.05`, BURN, out], {
      stdio: 'ignore',
    });
    while (!existsSync(out) || readFileSync(out, 'utf8') === '') {
      treeCpuSeconds(); // the reporter's periodic look
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const burnt = Number(readFileSync(out, 'utf8'));
    expect(burnt).toBeGreaterThan(0.05);
    // The burner's time when last seen alive, less what it spent between that look and its end.
    expect(treeCpuSeconds() - before).toBeGreaterThanOrEqual(burnt * 0.8);
  });
});
