// Runs a TypeScript worker script in a unit test: the sources are not compiled there, so this
// thread registers a loader that compiles `.ts` with swc (as jest does) and then imports it.
import { register } from 'node:module';
import { workerData } from 'node:worker_threads';

register('./ts-loader-hooks.test-helper.mjs', import.meta.url);
await import(workerData.tsWorkerTarget);
