import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// Works both as `vite build apps/web` and `vite build --config apps/web/vite.config.ts`
// from the repo root: every path is anchored to this folder.
const root = fileURLToPath(new URL('.', import.meta.url));

// In development the gateway (API, legal documents) runs on its own port; the built SPA is
// served by the gateway itself, so production needs no proxy.
const gateway = process.env.SNAPTRACK_GATEWAY_URL ?? 'http://localhost:8080';

// The build's version is the newest release of content/changelog.md unless VITE_APP_VERSION
// says otherwise; the footer compares it with what the server runs.
const changelog = readFileSync(new URL('../../content/changelog.md', import.meta.url), 'utf8');
process.env.VITE_APP_VERSION ||= /^## (\d+\.\d+\.\d+) - /m.exec(changelog)?.[1] ?? '';

// React Router's package sends bundlers to its development build whatever the mode; that build
// differs from dist/production only by its developer warnings. A production build takes the
// production one (`react-router-dom` re-exports both entry points).
const reactRouterBuild = (file: string) =>
  fileURLToPath(
    new URL(`../../node_modules/react-router/dist/production/${file}`, import.meta.url),
  );

export default defineConfig(({ isSsrBuild, mode }) => ({
  root,
  plugins: [
    react(),
    // The service worker is our own (src/sw/sw.ts: share target, Background Sync); the plugin
    // builds it and injects the precache list. The manifest is public/manifest.webmanifest.
    // Not in the prerender build (tools/lib/prerender-landing.mjs), which only renders HTML.
    !isSsrBuild &&
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'src/sw',
        filename: 'sw.ts',
        injectRegister: false,
        manifest: false,
        injectManifest: {
          globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
          // Source maps and the marketing-only images stay out of the precache.
          globIgnores: ['**/*.map'],
        },
        devOptions: { enabled: false },
      }),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(mode === 'production'
        ? [
            { find: /^react-router$/, replacement: reactRouterBuild('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterBuild('dom-export.mjs') },
          ]
        : []),
    ],
    // The contracts' core (`@snaptrack/contracts/core`) is bundled from its TypeScript source,
    // like the servers read it: no build of libs/ needed first, and a rule changed there is in
    // the next reload.
    conditions: ['@snaptrack/source', ...defaultClientConditions],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: !isSsrBuild,
    // dist/.vite/manifest.json: which chunks and styles the prerendered landing page needs.
    manifest: !isSsrBuild,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: gateway, changeOrigin: false },
      '/docs': { target: gateway, changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
  },
}));
