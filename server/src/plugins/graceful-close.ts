import type { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { serverTexts, type ErrorBody } from '@tools-factory/contract';

/** How often, while draining, connections and requests are looked at. */
const DRAIN_SWEEP_MS = 100;

/**
 * While draining, a connection is closed once it has been idle this long. It is longer than the
 * proxy's own limit for idle connections to us (`keepalive_timeout 1s` in the upstream block of
 * docs/production/nginx.conf), so the proxy has let go of such a connection before we close it.
 */
export const DRAIN_IDLE_CLOSE_MS = 2_500;

/**
 * How long requests already under way when the close begins have to finish. One still running
 * then (waiting for the database under load) is answered 503 in words, so that it gets an answer
 * from us rather than a dropped connection when the process exits; server.ts's timer is 10 s.
 */
export const IN_FLIGHT_LIMIT_MS = 5_000;

/** After IN_FLIGHT_LIMIT_MS, how much longer the drain waits for idle connections to close. */
const SETTLE_AFTER_LIMIT_MS = 1_000;

/** Since when a connection is answering a request (pending > 0), or has been idle. */
type Connection = { pending: number; idleSince: number };

const stopping: ErrorBody = { message: serverTexts.apiErrors.stopping, statusCode: 503 };
const stoppedBeforeFinishing: ErrorBody = {
  message: serverTexts.apiErrors.stoppedBeforeFinishing,
  statusCode: 503,
};

/**
 * A close (SIGTERM) that ends well within its timer, under load and behind a proxy too, and
 * gives every request a real answer (docs/decisions/023-trust-part-3.md, item 11):
 * - from its first moment, every request that arrives (on a kept-alive connection or a new one,
 *   GET /api/ready included) is answered 503 in words with `Connection: close`: the proxy takes
 *   the instance out at once and sends idempotent requests elsewhere (`proxy_next_upstream ...
 *   http_503`); a POST it passes on to the client, who sends it again with its Idempotency-Key;
 * - requests under way finish, and their answers say `Connection: close`; one still running
 *   after IN_FLIGHT_LIMIT_MS is answered 503 in words (its transaction, unfinished, rolls back
 *   when the database closes; one that did commit is found again by its Idempotency-Key);
 * - a connection left idle is closed once idle for DRAIN_IDLE_CLOSE_MS (by then the proxy has
 *   closed it itself; closed at once, the proxy could be writing a POST on it, and would answer
 *   that 502 without sending it elsewhere); then server.close() stops the listener.
 */
export function registerGracefulClose(app: FastifyInstance): void {
  let drainStartedAt: number | null = null;
  let sweeper: NodeJS.Timeout | undefined;
  const connections = new Map<Socket, Connection>();
  /** The replies to requests under way. */
  const underWay = new Set<FastifyReply>();

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

  /** Closes the connections idle for DRAIN_IDLE_CLOSE_MS. */
  const closeLongIdle = () => {
    const now = performance.now();
    for (const [socket, connection] of connections) {
      if (connection.pending === 0 && now - connection.idleSince >= DRAIN_IDLE_CLOSE_MS) {
        socket.destroy();
      }
    }
  };

  /** True when every open connection is answering a request (its answer then closes it). */
  const settled = () => [...connections.values()].every((connection) => connection.pending > 0);

  // First of all hooks (registered before any route): nothing of a late request is done.
  app.addHook('onRequest', (_request, reply, done) => {
    if (drainStartedAt !== null) {
      reply.code(503).header('retry-after', '1').send(stopping);
      return;
    }
    underWay.add(reply);
    reply.raw.once('close', () => underWay.delete(reply));
    done();
  });

  app.addHook('preClose', async () => {
    const startedAt = performance.now();
    drainStartedAt = startedAt;
    const elapsed = () => performance.now() - startedAt;
    sweeper = setInterval(closeLongIdle, DRAIN_SWEEP_MS);
    sweeper.unref();
    while (underWay.size > 0 && elapsed() < IN_FLIGHT_LIMIT_MS) await sleep(DRAIN_SWEEP_MS);
    const unfinished = [...underWay].filter((reply) => !reply.sent);
    for (const reply of unfinished) {
      reply.code(503).header('retry-after', '1').send(stoppedBeforeFinishing);
    }
    if (unfinished.length > 0) {
      app.log.warn(
        `closing: ${unfinished.length} request(s) not finished after ${Math.round(elapsed())} ms answered 503`,
      );
    }
    while (!settled() && elapsed() < IN_FLIGHT_LIMIT_MS + SETTLE_AFTER_LIMIT_MS) {
      await sleep(DRAIN_SWEEP_MS);
    }
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
