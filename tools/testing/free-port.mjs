import { createServer } from 'node:net';

// Ports handed out by this process. A port is only tried here and bound later by the process
// it is given to, so it could be offered again meanwhile: a gateway given a metrics server's
// port would answer its readiness probe with that server's 404.
const given = new Set();

// Shards of one `npm test` run side by side, each asking for its stack's ports: with
// SNAPTRACK_PORT_LANE=i/n a process takes only ports p with p % n == i - 1, so two shards can
// never be handed the same port. The kernel cannot be asked for a lane (Linux hands bind(0) odd
// ports first), so a lane's ports are drawn from below the ephemeral range and tried.
const [lane, lanes] = (process.env.SNAPTRACK_PORT_LANE ?? '1/1').split('/').map(Number);
const LANE_PORTS = { from: 20_000, to: 32_000 };

/** Binds `port` (0: any) on loopback and lets it go; the port, or undefined when taken. */
function tryPort(port) {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', (error) =>
      error.code === 'EADDRINUSE' ? resolve(undefined) : reject(error),
    );
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address();
      server.close(() => resolve(bound));
    });
  });
}

function laneCandidate() {
  const slots = Math.floor((LANE_PORTS.to - LANE_PORTS.from) / lanes);
  return LANE_PORTS.from + Math.floor(Math.random() * slots) * lanes + (lane - 1);
}

/** A free TCP port on 127.0.0.1 (in this process's lane), never one handed out before. */
export async function freePort() {
  const inLanes = lanes > 1 && lane >= 1 && lane <= lanes;
  for (let attempt = 0; attempt < 1_000; attempt += 1) {
    const port = await tryPort(inLanes ? laneCandidate() : 0);
    if (port !== undefined && !given.has(port)) {
      given.add(port);
      return port;
    }
  }
  throw new Error('no free port found on 127.0.0.1');
}
