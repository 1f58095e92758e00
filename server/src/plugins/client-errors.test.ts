import { connect } from 'node:net';
import { describe, expect } from 'vitest';
import { serverTexts } from '@tools-factory/contract';
import { BODY_LIMIT_BYTES } from '../app.ts';
import { listenOnFreePort, test } from '../testing/app-fixtures.ts';
import { MAX_URL_LENGTH } from './client-errors.ts';

/** The app listening on a free port of 127.0.0.1: these tests speak raw HTTP to it. */
const it = test.extend('port', { scope: 'file' }, ({ app }) => listenOnFreePort(app));

/**
 * Writes raw bytes to the server and reads until it closes (or, for a complete answer with a
 * Content-Length, until the body is in): what a client sees on the wire.
 */
function exchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const received = () => Buffer.concat(chunks).toString('utf8');
    socket.on('connect', () => socket.write(request));
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      const text = received();
      const length = /\r\ncontent-length: (\d+)/i.exec(text)?.[1];
      const bodyStart = text.indexOf('\r\n\r\n') + 4;
      if (length && bodyStart >= 4 && Buffer.byteLength(text.slice(bodyStart)) >= Number(length)) {
        socket.destroy();
        resolve(text);
      }
    });
    // The server may close while the rest of a refused request is still on its way.
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    socket.on('close', () => resolve(received()));
  });
}

/** Status and JSON body of a raw HTTP answer (which must be JSON), the body's keys all kept. */
function parseAnswer(response: string): { status: number; body: unknown } {
  const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(response)?.[1]);
  const head = response.slice(0, response.indexOf('\r\n\r\n'));
  expect(head).toMatch(/\r\ncontent-type: application\/json/i);
  return { status, body: JSON.parse(response.slice(head.length + 4)) };
}

describe('errors Node and Fastify raise before a route answer in the API shape', () => {
  it('answers 431 to 20 KB of headers', async ({ port }) => {
    const response = await exchange(
      port,
      `GET /api/parts HTTP/1.1\r\nHost: a\r\nX-Big: ${'a'.repeat(20 * 1024)}\r\n\r\n`,
    );
    expect(parseAnswer(response)).toEqual({
      status: 431,
      body: { message: serverTexts.requestErrors.headersTooLarge, statusCode: 431 },
    });
  });

  it('answers 414 to a URL longer than MAX_URL_LENGTH', async ({ port }) => {
    const url = `/api/parts?q=${'a'.repeat(MAX_URL_LENGTH)}`;
    const response = await exchange(port, `GET ${url} HTTP/1.1\r\nHost: a\r\n\r\n`);
    expect(parseAnswer(response)).toEqual({
      status: 414,
      body: { message: serverTexts.requestErrors.urlTooLong, statusCode: 414 },
    });
    // Pages of the web app too, not only the API.
    const page = await exchange(
      port,
      `GET /${'a'.repeat(MAX_URL_LENGTH)} HTTP/1.1\r\nHost: a\r\n\r\n`,
    );
    expect(parseAnswer(page)).toEqual(parseAnswer(response));
  });

  it('answers 431 to a URL longer than the header limit (Node counts the request line)', async ({
    port,
  }) => {
    const response = await exchange(
      port,
      `GET /api/parts?q=${'a'.repeat(20 * 1024)} HTTP/1.1\r\nHost: a\r\n\r\n`,
    );
    expect(parseAnswer(response)).toEqual({
      status: 431,
      body: { message: serverTexts.requestErrors.headersTooLarge, statusCode: 431 },
    });
  });

  it('answers 413 to a body over the limit', async ({ port, customer }) => {
    const body = JSON.stringify({ name: 'x'.repeat(BODY_LIMIT_BYTES) });
    // Signed in: a guarded route refuses a caller without a token before it reads the body.
    const response = await exchange(
      port,
      `POST /api/order HTTP/1.1\r\nHost: a\r\nAuthorization: Bearer ${customer.token}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    expect(parseAnswer(response)).toEqual({
      status: 413,
      body: { message: serverTexts.requestErrors.bodyTooLarge, statusCode: 413 },
    });
  });

  it('answers 400 to bytes that are not HTTP', async ({ port }) => {
    const response = await exchange(port, 'NOT HTTP AT ALL\r\n\r\n');
    expect(parseAnswer(response)).toEqual({
      status: 400,
      body: { message: serverTexts.requestErrors.malformed, statusCode: 400 },
    });
  });
});
