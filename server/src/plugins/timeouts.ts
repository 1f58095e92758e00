import type { ServerOptions } from 'node:http';

/** How long the server waits on a client, in milliseconds. */
export type HttpTimeouts = {
  /**
   * From a request's first byte to the end of its headers (Node's `headersTimeout`). A browser
   * sends its headers in one packet; a client trickling them a byte at a time (slowloris) is
   * only holding a connection open.
   */
  headers: number;
  /** The whole request, body included (`requestTimeout`); must not be below `headers`. */
  request: number;
  /** An idle connection between two requests is closed after this (`keepAliveTimeout`). */
  keepAlive: number;
  /**
   * A connection with no traffic either way (`connectionTimeout`, the socket's timeout): a
   * client that stopped reading its answer.
   */
  idleSocket: number;
  /**
   * How often Node looks for requests past `headers` or `request` (`connectionsCheckingInterval`):
   * a timeout takes effect up to this much late.
   */
  checkInterval: number;
};

/**
 * Fastify leaves requests without a time limit (requestTimeout 0), so 400 sockets sending a
 * header byte every 5 s were held for ever. These bounds leave a slow mobile link more than
 * enough (the body is at most 100 KB) and free a stalled connection within seconds.
 */
export const HTTP_TIMEOUTS: HttpTimeouts = {
  headers: 10_000,
  request: 30_000,
  // Above the 60 s idle timeout of common proxies and load balancers: the proxy, not us, closes
  // an idle connection, so it never sends a request on one we are closing (a 502 for nothing).
  keepAlive: 65_000,
  idleSocket: 60_000,
  // Node's default (30 s) would let a slowloris client hold its socket three times as long.
  checkInterval: 1_000,
};

/** The Fastify options that set `timeouts` on the HTTP server. */
export function serverTimeoutOptions(timeouts: HttpTimeouts): {
  connectionTimeout: number;
  keepAliveTimeout: number;
  requestTimeout: number;
  http: ServerOptions;
} {
  if (timeouts.headers > timeouts.request) {
    throw new Error('The headers timeout must not exceed the request timeout');
  }
  return {
    connectionTimeout: timeouts.idleSocket,
    keepAliveTimeout: timeouts.keepAlive,
    requestTimeout: timeouts.request,
    // Node reads these when the server is made; Fastify sets requestTimeout and keepAliveTimeout
    // again afterwards, to the same values.
    http: {
      headersTimeout: timeouts.headers,
      requestTimeout: timeouts.request,
      keepAliveTimeout: timeouts.keepAlive,
      connectionsCheckingInterval: timeouts.checkInterval,
    },
  };
}
