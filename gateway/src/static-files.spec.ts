import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import express from 'express';
import { serveStaticFiles, wantsLandingPage } from './static-files.js';

describe('which page `/` serves', () => {
  it('is the prerendered landing page on the marketing host', () => {
    expect(wantsLandingPage('/', 'snaptrack.example', undefined)).toBe(true);
    expect(wantsLandingPage('/', 'localhost', 'false')).toBe(true);
  });

  it('is the empty app shell for the app route set and for any other path', () => {
    expect(wantsLandingPage('/', 'localhost', 'true')).toBe(false);
    expect(wantsLandingPage('/', 'App.snaptrack.example', undefined)).toBe(false);
    expect(wantsLandingPage('/pricing', 'localhost', undefined)).toBe(false);
  });
});

describe('the built SPA, gzipped at build time', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'snaptrack-dist-'));
  const bundle = `console.log(${JSON.stringify('receipts '.repeat(400))});\n`;
  let server: Server;

  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), bundle);
    writeFileSync(path.join(dist, 'sw.js'), `// worker\n${bundle}`);
    writeFileSync(path.join(dist, 'assets', 'tiny-abc123.js'), 'export {};\n');
    // As the build leaves them (tools/lib/precompress.mjs): a .gz beside each larger file.
    for (const file of ['assets/index-abc123.js', 'sw.js']) {
      writeFileSync(path.join(dist, `${file}.gz`), gzipSync(readFileSync(path.join(dist, file))));
    }
    const app = express();
    serveStaticFiles(app, dist, '');
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dist, { recursive: true, force: true });
  });

  function get(url: string, acceptEncoding?: string) {
    const { port } = server.address() as AddressInfo;
    return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>(
      (resolve, reject) => {
        const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
        request({ host: '127.0.0.1', port, path: url, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks),
            }),
          );
        })
          .on('error', reject)
          .end();
      },
    );
  }

  it('sends the .gz written at build time, as JavaScript, cached for good', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip, deflate, br');

    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body.equals(readFileSync(path.join(dist, 'assets', 'index-abc123.js.gz')))).toBe(
      true,
    );
    expect(gunzipSync(res.body).toString()).toBe(bundle);
  });

  it('sends the plain file to a client that takes no gzip', async () => {
    const res = await get('/assets/index-abc123.js');

    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toBe(bundle);
  });

  it('keeps the service worker revalidated when it goes gzipped', async () => {
    const res = await get('/sw.js', 'gzip');

    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('leaves a file too small to gzip, and the app shell, as they were', async () => {
    const tiny = await get('/assets/tiny-abc123.js', 'gzip');
    const shell = await get('/dashboard', 'gzip');

    expect(tiny.body.toString()).toBe('export {};\n');
    expect(shell.status).toBe(200);
    expect(shell.body.toString()).toContain('<div id="root">');
  });
});
