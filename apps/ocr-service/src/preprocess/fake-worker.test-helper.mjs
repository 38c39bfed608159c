// A worker that answers with `workerData.reply` (or never, when it is null): lets a test see
// how a caller maps each answer of a real worker without needing a file that produces it.
import { parentPort, workerData } from 'node:worker_threads';

parentPort.once('message', () => {
  if (workerData.reply !== null) parentPort.postMessage(workerData.reply);
  // A stuck decoder: the thread stays busy until it is terminated.
  else setInterval(() => undefined, 1_000);
});
