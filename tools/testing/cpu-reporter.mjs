// A jest reporter that measures the CPU seconds each test file costs: the whole process tree of
// the run (jest, its workers, the stack's services and the browsers they start), read from
// /proc when a file starts and when it ends. Wall time on a shared 2-core machine says more about
// the neighbours than about the test; CPU time does not. With SUITE_CPU_FILE set it writes
// `{ "<file>": seconds, … }` there (tools/test.mjs sets it for each run, to find what a suite
// costs; the shard split goes by wall time, update-suite-seconds.mjs). Exact for `--runInBand`
// runs, where one file runs at a time; elsewhere it writes nothing. Linux only (no /proc:
// nothing is written).
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const TICKS_PER_SECOND = 100;
/** How often the tree is looked at while a file runs (a look reads /proc: a few ms). */
const SAMPLE_EVERY_MS = 2_000;

/** utime, stime, cutime and cstime of one process, in clock ticks; null when it is gone. */
function readStat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // After the name: state(0) ppid(1) … utime(11) stime(12) cutime(13) cstime(14) … starttime(19).
    return {
      ppid: Number(fields[1]),
      ticks: Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]),
      start: fields[19],
    };
  } catch {
    return null;
  }
}

/**
 * Processes that left the tree alive: Chromium's helpers (crashpad, zygotes) outlive the browser
 * that started them and are handed to init, so neither the tree nor a parent's reaped-children
 * time holds what they spend afterwards. Keyed by pid and start time (pids are reused); the value
 * is their ticks when last seen. `trackOrphans` sees them leave, `orphanTicks` adds them up.
 */
const members = new Map();
const orphans = new Map();

function trackOrphans(stats, inTree) {
  for (const [key, pid] of members) {
    if (inTree.has(pid)) continue;
    members.delete(key);
    const stat = stats.get(pid);
    // Gone: its parent reaped it, its time is in the parent's. Alive elsewhere: an orphan.
    if (stat && `${pid}:${stat.start}` === key) orphans.set(key, stat.ticks);
  }
  for (const pid of inTree) members.set(`${pid}:${stats.get(pid).start}`, pid);
  for (const key of orphans.keys()) {
    const pid = Number(key.split(':')[0]);
    const stat = stats.get(pid);
    // An orphan that ended keeps the ticks it had when last seen.
    if (stat && `${pid}:${stat.start}` === key) orphans.set(key, stat.ticks);
  }
}

const orphanTicks = () => [...orphans.values()].reduce((sum, ticks) => sum + ticks, 0);

/**
 * CPU seconds spent so far by `root` and every process under it: the living ones count their
 * own time and that of their reaped children; a process reaped earlier is in its parent's, one
 * handed to init is counted apart (see `orphans`). Orphans are seen only by a call made while
 * they were still in the tree: the reporter samples every few seconds for that.
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
  const inTree = new Set();
  while (queue.length) {
    const pid = queue.pop();
    const own = stats.get(pid)?.ticks ?? 0;
    if (stats.has(pid)) inTree.add(pid);
    ticks += own;
    if (byLabel) {
      const label = labelOf(pid);
      byLabel[label] = (byLabel[label] ?? 0) + own / TICKS_PER_SECOND;
    }
    queue.push(...(children.get(pid) ?? []));
  }
  trackOrphans(stats, inTree);
  const orphaned = orphanTicks();
  if (byLabel && orphaned) byLabel.orphans = (byLabel.orphans ?? 0) + orphaned / TICKS_PER_SECOND;
  return (ticks + orphaned) / TICKS_PER_SECOND;
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
    // Looks at the tree now and then, so that a helper handed to init is seen leaving it.
    clearInterval(this.sampler);
    this.sampler = setInterval(() => treeCpuSeconds(process.pid), SAMPLE_EVERY_MS);
    this.sampler.unref();
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
    if (this.started.size === 0) clearInterval(this.sampler);
  }

  onRunComplete() {
    if (!this.enabled || this.overlapping) return;
    writeFileSync(this.file, `${JSON.stringify(this.seconds, null, 2)}\n`);
  }
}
