// A jest reporter that measures the CPU seconds each test file costs: the whole process tree of
// the run (jest, its workers, the stack's services and the browsers they start), read from
// /proc when a file starts and when it ends. Wall time on a shared 2-core machine says more about
// the neighbours than about the test; CPU time does not. With SUITE_CPU_FILE set it writes
// `{ "<file>": seconds, … }` there (tools/test.mjs sets it for each integration shard, and
// update-suite-seconds.mjs reads it). Exact for `--runInBand` runs, where one file runs at a time;
// elsewhere it writes nothing. Linux only (no /proc: nothing is written).
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const TICKS_PER_SECOND = 100;

/** utime, stime, cutime and cstime of one process, in clock ticks; null when it is gone. */
function readStat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // After the name: state(0) ppid(1) … utime(11) stime(12) cutime(13) cstime(14).
    return {
      ppid: Number(fields[1]),
      ticks: Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]),
    };
  } catch {
    return null;
  }
}

/**
 * CPU seconds spent so far by `root` and every process under it: the living ones count their
 * own time and that of their reaped children; a process reaped earlier is in its parent's.
 */
export function treeCpuSeconds(root = process.pid, byLabel) {
  const stats = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readStat(name);
    if (stat) stats.set(Number(name), stat);
  }
  const children = new Map();
  for (const [pid, { ppid }] of stats) {
    if (!children.has(ppid)) children.set(ppid, []);
    children.get(ppid).push(pid);
  }
  let ticks = 0;
  const queue = [root];
  while (queue.length) {
    const pid = queue.pop();
    const own = stats.get(pid)?.ticks ?? 0;
    ticks += own;
    if (byLabel) {
      const label = labelOf(pid);
      byLabel[label] = (byLabel[label] ?? 0) + own / TICKS_PER_SECOND;
    }
    queue.push(...(children.get(pid) ?? []));
  }
  return ticks / TICKS_PER_SECOND;
}

/** A short name for a process: a service's folder, `chromium`, `jest`, else its program. */
function labelOf(pid) {
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const script = argv.find((arg) => /\/(apps|gateway)\/.*\.m?js$/.test(arg));
    if (script) return script.replace(/^.*\/(apps\/[^/]+|gateway)\/.*$/, '$1');
    if (argv.some((arg) => /jest/.test(arg))) return 'jest';
    return path.basename(argv[0] ?? '?');
  } catch {
    return '?';
  }
}

export default class CpuReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
    this.file = process.env.SUITE_CPU_FILE;
    this.enabled = Boolean(this.file) && existsSync('/proc/self/stat');
    this.started = new Map();
    this.seconds = {};
    this.overlapping = false;
  }

  onTestFileStart(test) {
    if (!this.enabled) return;
    if (this.started.size) this.overlapping = true;
    this.detail = process.env.SUITE_CPU_DETAIL ? {} : undefined;
    this.started.set(test.path, treeCpuSeconds(process.pid, this.detail));
  }

  onTestFileResult(test) {
    if (!this.enabled || !this.started.has(test.path)) return;
    const key = path.relative(this.rootDir, test.path).split(path.sep).join('/');
    const after = this.detail ? {} : undefined;
    this.seconds[key] = Math.round(
      treeCpuSeconds(process.pid, after) - this.started.get(test.path),
    );
    if (after) {
      // Per process (a process that ended counts in its parent's): for finding where it goes.
      const lines = Object.entries(after)
        .map(([label, seconds]) => [label, seconds - (this.detail[label] ?? 0)])
        .filter(([, seconds]) => seconds >= 0.5)
        .sort((a, b) => b[1] - a[1])
        .map(([label, seconds]) => `  ${label}: ${seconds.toFixed(1)} s`);
      process.stderr.write(`\nCPU of ${key}: ${this.seconds[key]} s\n${lines.join('\n')}\n`);
    }
    this.started.delete(test.path);
  }

  onRunComplete() {
    if (!this.enabled || this.overlapping) return;
    writeFileSync(this.file, `${JSON.stringify(this.seconds, null, 2)}\n`);
  }
}
