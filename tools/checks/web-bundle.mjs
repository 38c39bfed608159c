// The SPA bundles the contracts' core at run time; the server's validation classes must never
// come along (class-validator, class-transformer and reflect-metadata add weight and need
// decorator metadata the browser does not have). Reads the build's source maps and fails,
// naming the module, if one of them or a non-core file of libs/contracts is in the bundle.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const FORBIDDEN = [
  /node_modules\/(class-validator|class-transformer|reflect-metadata)\//,
  /libs\/contracts\/src\/(?!core\/)/,
];

export function forbiddenBundleSources(assetsDir) {
  const found = new Set();
  for (const name of readdirSync(assetsDir).filter((file) => file.endsWith('.js.map'))) {
    const { sources = [] } = JSON.parse(readFileSync(path.join(assetsDir, name), 'utf8'));
    for (const source of sources) {
      if (FORBIDDEN.some((pattern) => pattern.test(source))) found.add(`${name}: ${source}`);
    }
  }
  return [...found];
}
