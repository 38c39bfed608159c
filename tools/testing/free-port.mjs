import { createServer } from 'node:net';

// Ports handed out by this process. A port is only asked of the kernel here and bound later by
// the process it is given to, so the kernel may offer it again meanwhile: a gateway given a
// metrics server's port would answer its readiness probe with that server's 404.
const given = new Set();

// Shards of one `npm test` run side by side, each asking for its stack's ports: with
// SNAPTRACK_PORT_LANE=i/n a process takes only ports p with p % n == i - 1, so two shards can
// never be handed the same port.
const [lane, lanes] = (process.env.SNAPTRACK_PORT_LANE ?? '1/1').split('/').map(Number);
const inLane = (port) => !(lanes > 1) || port % lanes === lane - 1;

function askKernel() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** A free TCP port on 127.0.0.1, never one this process has handed out before. */
export async function freePort() {
  for (;;) {
    const port = await askKernel();
    if (!given.has(port) && inLane(port)) {
      given.add(port);
      return port;
    }
  }
}
