// Build step after `vite build`: the landing page rendered to HTML (apps/web/dist/landing.html),
// so that a first visit draws it before any script has loaded; main.tsx hydrates it. The page
// has no user data, so one rendering serves everyone. Its route's chunks and styles are linked
// from the head (from Vite's manifest), so they load with the entry, not after it has run.
// The gateway and nginx serve landing.html for `/` unless the app route set is asked for.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './stack.mjs';

const WEB = path.join(ROOT, 'apps/web');
const DIST = path.join(WEB, 'dist');
const SSR_OUT = path.join(WEB, 'dist-ssr');
/** The route modules of `/` in the marketing route set (src/app/router.tsx). */
const LANDING_ROUTES = [
  'src/app/routes/marketing/layout.tsx',
  'src/app/routes/marketing/landing.tsx',
];

/** Every chunk and stylesheet a route module needs, from Vite's build manifest. */
export function routeAssets(manifest, entries) {
  const scripts = new Set();
  const styles = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    chunk.css?.forEach((file) => styles.add(file));
    chunk.imports?.forEach(visit);
  };
  entries.forEach(visit);
  return { scripts: [...scripts], styles: [...styles] };
}

/** index.html with the page's HTML in #root and its route's assets in the head. */
export function landingHtml(indexHtml, pageHtml, { scripts, styles }) {
  // What index.html already links (the entry and its imports) is not linked twice.
  const linked = (file) => indexHtml.includes(`/${file}"`);
  const head = [
    ...styles
      .filter((file) => !linked(file))
      .map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
    ...scripts
      .filter((file) => !linked(file))
      .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
  ];
  const root = '<div id="root"></div>';
  if (!indexHtml.includes(root) || !indexHtml.includes('</head>'))
    throw new Error('prerender: index.html has no empty #root or no </head>');
  return indexHtml
    .replace('</head>', `  ${head.join('\n    ')}\n  </head>`)
    .replace(root, `<div id="root" data-prerendered="/">${pageHtml}</div>`);
}

async function main() {
  const vite = path.join(ROOT, 'node_modules/.bin/vite');
  const built = spawnSync(
    vite,
    [
      'build',
      '--config',
      'apps/web/vite.config.ts',
      '--ssr',
      'src/app/prerender.tsx',
      '--outDir',
      'dist-ssr',
      '--logLevel',
      'warn',
    ],
    { cwd: ROOT, stdio: 'inherit' },
  );
  if (built.status !== 0) throw new Error('prerender: the server build failed');
  try {
    const { renderMarketingPage } = await import(
      pathToFileURL(path.join(SSR_OUT, 'prerender.js')).href
    );
    const pageHtml = await renderMarketingPage('/');
    const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8'));
    const indexHtml = readFileSync(path.join(DIST, 'index.html'), 'utf8');
    const html = landingHtml(indexHtml, pageHtml, routeAssets(manifest, LANDING_ROUTES));
    writeFileSync(path.join(DIST, 'landing.html'), html);
  } finally {
    rmSync(SSR_OUT, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
  // The rendered app leaves timers behind (react-query's cache); the work is done.
  process.exit(0);
}
