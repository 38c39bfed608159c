// The SPA's text files gzipped once at build time, next to each file (`app.js.gz`): the gateway
// (express-static-gzip) and nginx (`gzip_static`) send those instead of compressing the same
// bytes again for every page load.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/** Below this a gzip header and a round trip cost more than they save (nginx's gzip_min_length). */
const MIN_BYTES = 1024;

/** Writes `<file>.gz` beside every compressible file under `dir`; returns how many. */
export function precompress(dir) {
  let written = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (statSync(file).size < MIN_BYTES) continue;
    const zipped = gzipSync(readFileSync(file), { level: constants.Z_BEST_COMPRESSION });
    writeFileSync(`${file}.gz`, zipped);
    written += 1;
  }
  return written;
}
