import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Express } from 'express';

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
  const files = express.static(webDist, { index: false, maxAge: '1h' });
  // Never for /api: it would look for a file (a stat on the thread pool) on every API call.
  app.use((req, res, next) => (req.path.startsWith('/api/') ? next() : files(req, res, next)));
  app.use((req, res, next) => {
    if (req.method !== 'GET' || req.path.startsWith('/api')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexHtml);
  });
}
