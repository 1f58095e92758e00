import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyInstance } from 'fastify';
import { type ErrorBody, serverTexts } from '@tools-factory/contract';

/**
 * The longest request target (path and query) answered: the app's longest real URLs (an OAuth
 * callback with its code and state) are a few hundred characters. Node refuses request line and
 * headers together above 16 KB (431) before Fastify sees them; between this and that, 414.
 */
export const MAX_URL_LENGTH = 8 * 1024;

const requestErrors = serverTexts.requestErrors;

/** What Node's HTTP parser and timers raise, as the status and message we answer. */
function answerFor(code: string): ErrorBody {
  switch (code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { statusCode: 408, message: requestErrors.timeout };
    case 'HPE_HEADER_OVERFLOW':
      return { statusCode: 431, message: requestErrors.headersTooLarge };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { statusCode: 413, message: requestErrors.bodyTooLarge };
    default:
      return { statusCode: 400, message: requestErrors.malformed };
  }
}

function rawHttpResponse(answer: ErrorBody): string {
  const body = JSON.stringify(answer);
  return [
    `HTTP/1.1 ${answer.statusCode} ${STATUS_CODES[answer.statusCode] ?? ''}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'X-Content-Type-Options: nosniff',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/** A response already under way on this socket: nothing more may be written to it. */
function responseStarted(socket: Socket): boolean {
  // Node's own handler makes the same check on this (undocumented) field of the socket.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  return inFlight?.headersSent === true;
}

/**
 * Fastify's `clientErrorHandler`: errors Node raises before a request reaches Fastify (a request
 * too slow to arrive, headers too large, bytes that are not HTTP) answer in the API's
 * `{ message, statusCode }` shape, then the connection closes. Node logs nothing of these;
 * neither do we above debug, and never the raw bytes (they may hold anything).
 */
export function answerClientError(
  this: FastifyInstance,
  error: ConnectionError,
  socket: Socket,
): void {
  // The client went away: there is nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const answer = answerFor(error.code);
  this.log.debug({ code: error.code, statusCode: answer.statusCode }, 'client error');
  if (!socket.writable || responseStarted(socket)) {
    socket.destroy();
    return;
  }
  socket.end(rawHttpResponse(answer), () => socket.destroy());
}

/** Refuses request targets longer than MAX_URL_LENGTH with 414, before any route runs. */
export function registerUrlLengthLimit(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every request, and an async hook costs a
  // promise and a microtask turn each time (measured on GET /api/parts in the bench).
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.length <= MAX_URL_LENGTH) {
      done();
      return;
    }
    const answer: ErrorBody = { statusCode: 414, message: requestErrors.urlTooLong };
    // Answered here: Fastify skips the rest of the request once the reply is sent (no done()).
    reply.code(414).send(answer);
  });
}
