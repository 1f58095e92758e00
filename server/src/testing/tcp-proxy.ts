import net from 'node:net';

/**
 * How a cut database looks: `refuse` resets new connections at once (a server that is down);
 * `blackhole` accepts them and never answers (a host gone from the network).
 */
export type CutMode = 'refuse' | 'blackhole';

/**
 * A TCP proxy in front of a database, for tests of an outage: `cut()` drops every connection
 * through it and treats new ones as `mode` says (the database is gone, as far as the app can
 * tell), `restore()` lets connections through again.
 */
export type TcpProxy = {
  /** The given PostgreSQL URL, pointed at this proxy instead of the server. */
  urlFor(url: string): string;
  cut(mode?: CutMode): void;
  restore(): void;
  close(): Promise<void>;
};

/** Starts a proxy on a free port of 127.0.0.1 that forwards to `target` (a host and port). */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let cut: CutMode | undefined;

  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // A reset is how the cut looks from the other side; it must not fail the test process.
    socket.on('error', () => {});
  };

  const server = net.createServer((client) => {
    track(client);
    if (cut === 'refuse') client.resetAndDestroy();
    if (cut) return;
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    // Either side ending ends the other: nothing half-open survives.
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as net.AddressInfo;

  return {
    urlFor(url) {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    cut(mode = 'refuse') {
      cut = mode;
      for (const socket of sockets) socket.resetAndDestroy();
    },
    restore() {
      cut = undefined;
      // Connections held in the black hole never reached the server: let their clients know.
      for (const socket of sockets) socket.resetAndDestroy();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
