import { createServer } from 'node:http';
import { waitForOk } from '../lib/processes.mjs';

/**
 * A loopback HTTP endpoint through which tests stop and start single processes of the stack
 * that the global setup owns: POST /units/<name>/stop | /units/<name>/start. A start may carry
 * a JSON body `{"env": {...}}`: environment overrides for that process until its next start.
 */
export function listenStackControl(stack) {
  const server = createServer((req, res) => {
    const match = /^\/units\/([a-z-]+)\/(stop|start)$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !match) {
      res.writeHead(404, { connection: 'close' }).end();
      return;
    }
    const [, name, action] = match;
    const work =
      action === 'stop'
        ? stack.stopUnit(name)
        : readJson(req)
            .then((body) => stack.startUnit(name, body?.env ?? {}))
            .then(() => waitForOk(`${stack.baseUrl}/api/health/ready`, 60_000));
    // One request per connection: a test's fetch reused a kept-alive socket just as the server
    // closed it for idleness (5 s), and the call failed with ECONNRESET on a loaded machine.
    work.then(
      () => res.writeHead(204, { connection: 'close' }).end(),
      (error) => res.writeHead(500, { connection: 'close' }).end(String(error)),
    );
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function readJson(req) {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text ? JSON.parse(text) : undefined;
}
