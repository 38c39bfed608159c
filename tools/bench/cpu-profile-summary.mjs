// Summarises a .cpuprofile (bench:search --cpu-prof): sampled time by package and by function,
// self time, idle left out. Samples are wall-clock on the main thread, so a thread descheduled
// inside a system call counts there too: compare shares, and take CPU from process-cpu.mjs.
//
//   node tools/bench/cpu-profile-summary.mjs FILE.cpuprofile [--last SECONDS] [--top 25]
// --last keeps the profile's last SECONDS (the load window, before the stop) and drops start-up.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { last: { type: 'string' }, top: { type: 'string', default: '25' } },
});
const profile = JSON.parse(readFileSync(positionals[0], 'utf8'));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const from = args.last ? profile.endTime - Number(args.last) * 1e6 : -Infinity;

/** The package (node_modules), the workspace project, or the Node built-in of a script. */
function packageOf(url) {
  if (!url) return '(native)';
  const module = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (module) return module[1];
  if (url.startsWith('node:')) return url;
  return url.match(/(?:apps|libs|gateway)(?:\/[^/]+){0,2}/)?.[0] ?? url;
}

const byPackage = new Map();
const byFunction = new Map();
let busy = 0;
let time = profile.startTime;
profile.samples.forEach((id, index) => {
  const delta = profile.timeDeltas[index] ?? 0;
  time += delta;
  const frame = nodes.get(id).callFrame;
  if (time < from || frame.functionName === '(idle)') return;
  busy += delta;
  const pkg = packageOf(frame.url);
  const fn = `${frame.functionName || '(anonymous)'} ${pkg}:${frame.lineNumber + 1}`;
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + delta);
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + delta);
});

const top = (map) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(args.top))
    .map(([name, value]) => `${((value / busy) * 100).toFixed(1).padStart(5)} %  ${name}`)
    .join('\n');
process.stdout.write(`sampled, not idle: ${(busy / 1e6).toFixed(2)} s\n`);
process.stdout.write(`-- by package\n${top(byPackage)}\n-- by function\n${top(byFunction)}\n`);
