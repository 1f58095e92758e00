import type { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

/** How often, while draining, connections that have gone idle are looked at. */
const IDLE_SWEEP_MS = 100;

/**
 * While draining, a connection is closed once it has been idle this long. It is longer than the
 * proxy's own limit for idle connections to us (`keepalive_timeout 1s` in the upstream block of
 * docs/production/nginx.conf), so the proxy has let go of such a connection before we close it.
 */
export const DRAIN_IDLE_CLOSE_MS = 2_500;

/** How long the drain waits for every connection to be safe to leave to server.close(). */
const DRAIN_SETTLE_LIMIT_MS = 5_000;

/**
 * What the drain knows of one connection: whether a request is being answered and since when,
 * and since when it has been idle.
 */
type Connection = { pending: number; requestSince: number; idleSince: number };

/**
 * A close (SIGTERM) that finishes well within its timer, behind a proxy too, and never costs a
 * request. Node's server.close() waits for every connection to end, and a keep-alive connection
 * busy at that moment stays open after its answer until the keep-alive timeout (65 s): the process
 * was killed by its own timer. So, from the first moment of the close, every answer says
 * `Connection: close` (the client or proxy opens its next request elsewhere, and Node ends the
 * socket after the answer). Requests that still arrive on an open connection are served, not
 * refused (Fastify's return503OnClosing is off: a proxy does not retry a 503 to a POST), since the
 * database stays open until the last answer has left.
 *
 * Idle connections are the race: a proxy may be writing a request on one at the very moment we
 * close it, and nginx answers that request 502 without sending a POST elsewhere (it reached an
 * instance). Node's server.close() and closeIdleConnections() close every idle connection at
 * once, so neither is let near one that may be in use:
 * - the listener stays open until every connection is either gone or answering a request that
 *   came after the close began (its answer ends it); a connection left idle by an answer sent
 *   before (keep-alive) is closed only once it has been idle for DRAIN_IDLE_CLOSE_MS, by which
 *   time the proxy has closed it itself;
 * - then server.close() stops the listener, and the same rule keeps closing what goes idle.
 */
export function registerGracefulClose(app: FastifyInstance): void {
  let drainStartedAt: number | null = null;
  let sweeper: NodeJS.Timeout | undefined;
  const connections = new Map<Socket, Connection>();

  app.server.on('connection', (socket: Socket) => {
    const now = performance.now();
    connections.set(socket, { pending: 0, requestSince: now, idleSince: now });
    socket.once('close', () => connections.delete(socket));
  });
  app.server.on('request', (request, response) => {
    const connection = connections.get(request.socket);
    if (!connection) return;
    connection.pending += 1;
    connection.requestSince = performance.now();
    response.once('close', () => {
      connection.pending -= 1;
      connection.idleSince = performance.now();
    });
  });

  /** Closes the connections idle for DRAIN_IDLE_CLOSE_MS. */
  const closeLongIdle = () => {
    const now = performance.now();
    for (const [socket, connection] of connections) {
      if (connection.pending === 0 && now - connection.idleSince >= DRAIN_IDLE_CLOSE_MS) {
        socket.destroy();
      }
    }
  };

  /** True when every open connection answers a request that came after the close began. */
  const settled = (startedAt: number) =>
    [...connections.values()].every(
      (connection) => connection.pending > 0 && connection.requestSince >= startedAt,
    );

  app.addHook('preClose', async () => {
    const startedAt = performance.now();
    drainStartedAt = startedAt;
    while (!settled(startedAt) && performance.now() - startedAt < DRAIN_SETTLE_LIMIT_MS) {
      closeLongIdle();
      await sleep(IDLE_SWEEP_MS);
    }
    sweeper = setInterval(closeLongIdle, IDLE_SWEEP_MS);
    sweeper.unref();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (drainStartedAt !== null) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onClose', (_instance, done) => {
    clearInterval(sweeper);
    done();
  });
}
