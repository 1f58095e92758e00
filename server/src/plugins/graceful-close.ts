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

/** What the drain knows of one connection: answers pending, and when it last finished one. */
type Connection = { pending: number; idleSince: number };

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
 * instance). So the listener stays open and an idle connection is closed only once it has been
 * idle for DRAIN_IDLE_CLOSE_MS, by which time the proxy has closed it itself; then server.close()
 * (which closes whatever is idle) stops the listener.
 */
export function registerGracefulClose(app: FastifyInstance): void {
  let draining = false;
  let sweeper: NodeJS.Timeout | undefined;
  const connections = new Map<Socket, Connection>();

  app.server.on('connection', (socket: Socket) => {
    connections.set(socket, { pending: 0, idleSince: performance.now() });
    socket.once('close', () => connections.delete(socket));
  });
  app.server.on('request', (request, response) => {
    const connection = connections.get(request.socket);
    if (!connection) return;
    connection.pending += 1;
    response.once('close', () => {
      connection.pending -= 1;
      connection.idleSince = performance.now();
    });
  });

  /** Closes the connections idle long enough; answers whether any idle one is left. */
  const closeLongIdle = (): boolean => {
    const now = performance.now();
    let idleLeft = false;
    for (const [socket, connection] of connections) {
      if (connection.pending > 0) continue;
      if (now - connection.idleSince >= DRAIN_IDLE_CLOSE_MS) socket.destroy();
      else idleLeft = true;
    }
    return idleLeft;
  };

  app.addHook('preClose', async () => {
    draining = true;
    while (closeLongIdle()) await sleep(IDLE_SWEEP_MS);
    // Whatever is still open is busy and ends after its answer; one that goes idle without
    // ending (an answer sent before the close began) is closed by the sweeper.
    sweeper = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
    sweeper.unref();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onClose', (_instance, done) => {
    clearInterval(sweeper);
    done();
  });
}
