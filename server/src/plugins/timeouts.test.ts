import { connect, type Socket } from 'node:net';
import { describe, expect } from 'vitest';
import { ErrorBodySchema, serverTexts } from '@tools-factory/contract';
import { appTest, listenOnFreePort } from '../testing/app-fixtures.ts';
import { HTTP_TIMEOUTS, type HttpTimeouts } from './timeouts.ts';

/** Short timeouts, so the test waits a second rather than the production bounds. */
const TEST_TIMEOUTS: HttpTimeouts = {
  headers: 600,
  request: 1_200,
  keepAlive: 500,
  idleSocket: 5_000,
  checkInterval: 100,
};
/** How much later than a timeout the answer may come on a machine shared with other tests. */
const SCHEDULING_SLACK_MS = 1_500;

type SocketOutcome = { response: string; elapsedMs: number };

/** An app with short timeouts, listening on a free port: these tests speak raw HTTP to it. */
const slowClientTest = appTest({ httpTimeouts: TEST_TIMEOUTS }).extend(
  'port',
  { scope: 'file' },
  ({ app }) => listenOnFreePort(app),
);
const defaultAppTest = appTest();

/**
 * Opens a connection, writes `start`, then (when `trickle` is given) one more byte every
 * `everyMs` until the server closes the connection. Resolves with all the server sent and when
 * it closed.
 */
function trickle(
  port: number,
  start: string,
  trickle?: { byte: string; everyMs: number },
): Promise<SocketOutcome> {
  return new Promise((resolve, reject) => {
    const startedAt = performance.now();
    const socket: Socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer =
      trickle &&
      setInterval(() => {
        if (socket.writable) socket.write(trickle.byte);
      }, trickle.everyMs);
    socket.on('connect', () => socket.write(start));
    socket.on('data', (chunk) => chunks.push(chunk));
    // The server may reset the connection while a byte is on its way: the answer came before.
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    socket.on('close', () => {
      if (timer) clearInterval(timer);
      resolve({
        response: Buffer.concat(chunks).toString('utf8'),
        elapsedMs: performance.now() - startedAt,
      });
    });
  });
}

function statusOf(response: string): number {
  return Number(/^HTTP\/1\.1 (\d{3}) /.exec(response)?.[1]);
}

function bodyOf(response: string): unknown {
  return JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4));
}

describe('slow clients cannot hold connections', () => {
  slowClientTest(
    'answers 408 in the API shape to headers sent a byte at a time, and closes',
    async ({ port }) => {
      const { response, elapsedMs } = await trickle(port, 'GET /api/parts HTTP/1.1\r\nX-Slow: ', {
        byte: 'a',
        everyMs: 50,
      });
      expect(statusOf(response)).toBe(408);
      expect(response).toMatch(/\r\ncontent-type: application\/json/i);
      expect(ErrorBodySchema.parse(bodyOf(response))).toEqual({
        message: serverTexts.requestErrors.timeout,
        statusCode: 408,
      });
      expect(elapsedMs).toBeGreaterThanOrEqual(TEST_TIMEOUTS.headers);
      expect(elapsedMs).toBeLessThan(
        TEST_TIMEOUTS.headers + TEST_TIMEOUTS.checkInterval + SCHEDULING_SLACK_MS,
      );
    },
  );

  slowClientTest(
    'answers 408 to a body sent a byte at a time, once the request timeout is up',
    async ({ port }) => {
      // A route anyone may call: a guarded one answers 401 before it reads a body (guards first).
      const headers =
        'POST /api/contact HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n\r\n';
      const { response, elapsedMs } = await trickle(port, headers, { byte: ' ', everyMs: 50 });
      expect(statusOf(response)).toBe(408);
      expect(ErrorBodySchema.parse(bodyOf(response)).statusCode).toBe(408);
      expect(elapsedMs).toBeGreaterThanOrEqual(TEST_TIMEOUTS.request);
      expect(elapsedMs).toBeLessThan(
        TEST_TIMEOUTS.request + TEST_TIMEOUTS.checkInterval + SCHEDULING_SLACK_MS,
      );
    },
  );

  slowClientTest(
    'closes an idle keep-alive connection after the keep-alive timeout',
    async ({ port, app }) => {
      // Nothing more is sent: the connection sits idle after its answer.
      const { response, elapsedMs } = await trickle(
        port,
        'GET /api/health HTTP/1.1\r\nHost: a\r\n\r\n',
      );
      expect(statusOf(response)).toBe(200);
      // Node keeps the socket a little longer than it announces, so the client closes first.
      const closesAfter = TEST_TIMEOUTS.keepAlive + app.server.keepAliveTimeoutBuffer;
      expect(elapsedMs).toBeGreaterThanOrEqual(TEST_TIMEOUTS.keepAlive);
      expect(elapsedMs).toBeLessThan(closesAfter + SCHEDULING_SLACK_MS);
    },
  );
});

describe('the HTTP server of a default app', () => {
  defaultAppTest('has every timeout set, to HTTP_TIMEOUTS', ({ app }) => {
    const server = app.server;
    expect({
      headers: server.headersTimeout,
      request: server.requestTimeout,
      keepAlive: server.keepAliveTimeout,
      idleSocket: server.timeout,
    }).toEqual({
      headers: HTTP_TIMEOUTS.headers,
      request: HTTP_TIMEOUTS.request,
      keepAlive: HTTP_TIMEOUTS.keepAlive,
      idleSocket: HTTP_TIMEOUTS.idleSocket,
    });
    expect(Object.values(HTTP_TIMEOUTS).every((value) => value > 0)).toBe(true);
  });
});
