import { existsSync } from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import express, { type Express } from 'express';
import expressStaticGzip from 'express-static-gzip';

const UNCACHED_FILES = new Set(['sw.js', 'manifest.webmanifest']);
const SHARE_TARGET_PATH = '/share-target';
const SHARE_FAILED_LANDING = '/dashboard?app=true&share_failed=1';
/** The landing page prerendered at build time (tools/lib/prerender-landing.mjs). */
const LANDING_HTML = 'landing.html';

/**
 * `/` shows the prerendered landing page unless the app route set is asked for (the app host or
 * `?app=true`, src/lib/route-set.ts); a tab that remembered the app set gets it too, and the
 * SPA then starts from an empty root.
 */
export function wantsLandingPage(pathname: string, hostname: string, appFlag: unknown): boolean {
  return pathname === '/' && !hostname.toLowerCase().startsWith('app.') && appFlag !== 'true';
}

/**
 * Serves the built SPA (with the index page for any client-side route) and the legal
 * documents. Everything under /api stays with Nest.
 */
export function serveStaticFiles(app: Express, webDist: string, legalDocs: string): void {
  if (legalDocs && existsSync(legalDocs)) {
    app.use('/docs/legal', express.static(legalDocs, { index: false, fallthrough: false }));
  }
  if (!webDist || !existsSync(path.join(webDist, 'index.html'))) return;
  const indexHtml = path.join(webDist, 'index.html');
  const landingHtml = path.join(webDist, LANDING_HTML);
  const hasLanding = existsSync(landingHtml);
  // The build gzipped the SPA's files once (tools/lib/precompress.mjs): those `.gz` files go to
  // every browser that takes gzip, as nginx's gzip_static sends them; the rest, compressed below.
  const files = expressStaticGzip(webDist, {
    index: false,
    serveStatic: {
      index: false,
      maxAge: '1h',
      setHeaders: (res, file) => {
        // The service worker and the manifest are how a deploy reaches installed apps: always
        // revalidated, like index.html. Hashed bundles never change.
        const name = path.basename(file).replace(/\.gz$/, '');
        if (UNCACHED_FILES.has(name)) res.setHeader('Cache-Control', 'no-cache');
        else if (file.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    },
  });
  // What the build did not gzip (the pages sent below, small files) is compressed per request:
  // the entry is a third of its size. Not /api, whose exports stream.
  const compress = compression();
  app.use((req, res, next) => (req.path.startsWith('/api/') ? next() : compress(req, res, next)));
  // Never for /api: it would look for a file (a stat on the thread pool) on every API call.
  app.use((req, res, next) => (req.path.startsWith('/api/') ? next() : files(req, res, next)));
  // The share target is answered by the service worker; reaching the server means it was not
  // running (a first visit, storage cleared): back to the dashboard, which says so.
  app.post(SHARE_TARGET_PATH, (_req, res) => res.redirect(303, SHARE_FAILED_LANDING));
  app.use((req, res, next) => {
    if (req.method !== 'GET' || req.path.startsWith('/api')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    const landing = hasLanding && wantsLandingPage(req.path, req.hostname, req.query.app);
    res.sendFile(landing ? landingHtml : indexHtml);
  });
}
