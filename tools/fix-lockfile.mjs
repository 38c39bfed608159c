// The npm registry reachable here lacks some platform builds of packages that ship native
// binaries per OS (e.g. @swc/core-darwin-arm64), so `npm install` leaves them out of
// package-lock.json and `npm ci` then refuses the lockfile as out of sync. This adds each
// missing optional platform package as an entry limited to its OS and CPU: npm skips it on
// every other platform and never fetches it here. Run after `npm install`.
import { readFileSync, writeFileSync } from 'node:fs';

const OS = [
  'darwin',
  'linux',
  'win32',
  'android',
  'freebsd',
  'openharmony',
  'sunos',
  'aix',
  'netbsd',
  'openbsd',
];
const CPU = [
  'arm64',
  'x64',
  'ia32',
  'arm',
  'ppc64',
  'ppc64le',
  's390x',
  'riscv64',
  'loong64',
  'mips64el',
];

function platformOf(name) {
  const tokens = name.split('/').pop().split('-');
  const os = tokens.find((token) => OS.includes(token));
  const cpu = tokens.find((token) => CPU.includes(token));
  if (!os || !cpu) return null;
  const libc =
    tokens.includes('musl') || tokens.includes('musleabihf')
      ? ['musl']
      : tokens.includes('gnu') || tokens.includes('gnueabihf')
        ? ['glibc']
        : undefined;
  return { os: [os], cpu: [cpu], ...(os === 'linux' && libc ? { libc } : {}) };
}

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const added = [];
for (const [location, pkg] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    const nested = `${location ? `${location}/` : ''}node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (lock.packages[nested] || lock.packages[hoisted]) continue;
    const platform = platformOf(name);
    if (!platform || !/^\d+\.\d+\.\d+/.test(version)) continue;
    lock.packages[hoisted] = {
      version,
      ...(pkg.dev ? { dev: true } : {}),
      optional: true,
      ...platform,
    };
    added.push(`${name}@${version}`);
  }
}
const sorted = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) =>
    a === '' ? -1 : b === '' ? 1 : a.localeCompare(b),
  ),
);
lock.packages = sorted;
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(
  added.length
    ? `fix-lockfile: added ${added.length} platform entries`
    : 'fix-lockfile: nothing missing',
);
