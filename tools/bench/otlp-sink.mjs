import { createServer } from 'node:http';

/**
 * A local OTLP/HTTP receiver that reads and drops what it is sent: `bench:api -- --tracing`
 * exports every span to it, so the measured cost is the processes' (spans made, batched,
 * serialized and posted), not a collector's.
 */
export function startOtlpSink() {
  let batches = 0;
  let bytes = 0;
  const server = createServer((req, res) => {
    req.on('data', (chunk) => (bytes += chunk.length));
    req.on('end', () => {
      batches += 1;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${server.address().port}`,
        received: () => ({ batches, bytes }),
        close: () => new Promise((done) => server.close(done)),
      }),
    ),
  );
}
