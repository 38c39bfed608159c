import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Express } from 'express';

const UNCACHED_FILES = new Set(['sw.js', 'manifest.webmanifest']);
const SHARE_TARGET_PATH = '/share-target';
const SHARE_FAILED_LANDING = '/dashboard?app=true&share_failed=1';

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
  const files = express.static(webDist, {
    index: false,
    maxAge: '1h',
    setHeaders: (res, file) => {
      // The service worker and the manifest are how a deploy reaches installed apps: always
      // revalidated, like index.html. Hashed bundles never change.
      const name = path.basename(file);
      if (UNCACHED_FILES.has(name)) res.setHeader('Cache-Control', 'no-cache');
      else if (file.includes(`${path.sep}assets${path.sep}`)) {
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      }
    },
  });
  // Never for /api: it would look for a file (a stat on the thread pool) on every API call.
  app.use((req, res, next) => (req.path.startsWith('/api/') ? next() : files(req, res, next)));
  // The share target is answered by the service worker; reaching the server means it was not
  // running (a first visit, storage cleared): back to the dashboard, which says so.
  app.post(SHARE_TARGET_PATH, (_req, res) => res.redirect(303, SHARE_FAILED_LANDING));
  app.use((req, res, next) => {
    if (req.method !== 'GET' || req.path.startsWith('/api')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexHtml);
  });
}
