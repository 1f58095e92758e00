import { createServer } from 'node:http';

/**
 * The baseline: a bare node:http server answering recorded bytes, run as a child process of the
 * bench so it never shares an event loop with autocannon. The parent sends the routes over IPC
 * and receives the port.
 */
type BareRoute = {
  path: string;
  status: number;
  headers: Record<string, string>;
  bodyBase64: string;
};

process.once('message', (message: { routes: BareRoute[] }) => {
  const routes = new Map(
    message.routes.map((route) => [
      route.path,
      {
        status: route.status,
        headers: route.headers,
        body: Buffer.from(route.bodyBase64, 'base64'),
      },
    ]),
  );
  const server = createServer((req, res) => {
    const route = routes.get(req.url ?? '');
    if (!route) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(route.status, { ...route.headers, 'content-length': route.body.length });
    res.end(route.body);
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
  });
  process.on('SIGTERM', () => process.exit(0));
  process.on('disconnect', () => process.exit(0));
});
