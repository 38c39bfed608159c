import { createServer } from 'node:net';

// Ports handed out by this process. A port is only asked of the kernel here and bound later by
// the process it is given to, so the kernel may offer it again meanwhile: a gateway given a
// metrics server's port would answer its readiness probe with that server's 404.
const given = new Set();

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
    if (!given.has(port)) {
      given.add(port);
      return port;
    }
  }
}
