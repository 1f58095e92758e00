import type { FastifyInstance } from 'fastify';

/** How often, while draining, connections that have gone idle are closed. */
const IDLE_SWEEP_MS = 100;

/**
 * A close (SIGTERM) that finishes well within its timer, behind a proxy too. Node's server.close()
 * waits for every connection to end, and a keep-alive connection busy at that moment stays open
 * after its answer until the keep-alive timeout (65 s): the process was killed by its own timer.
 * So, from the first moment of the close: every answer says `Connection: close` (the client or
 * proxy opens its next request elsewhere, and Node ends the socket after the answer), and
 * connections that are idle, now or later, are closed. Requests that still arrive on an open
 * connection are served, not refused (Fastify's return503OnClosing is off: a proxy does not
 * retry a 503 to a POST), since the database stays open until the last answer has left.
 */
export function registerGracefulClose(app: FastifyInstance): void {
  let draining = false;
  let sweeper: NodeJS.Timeout | undefined;
  app.addHook('preClose', (done) => {
    draining = true;
    app.server.closeIdleConnections();
    sweeper = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
    sweeper.unref();
    done();
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
