import http, { type IncomingHttpHeaders } from 'node:http';
import { randomInt } from 'node:crypto';
import { HANG_LIMIT_MS } from './hang-limits.ts';

/**
 * A small HTTP client for tests that talk to real server processes (and to nginx in front of
 * them) over the network: keep-alive connections of its own, optionally from a chosen loopback
 * address, so that a test can play several clients with addresses of their own (Linux answers
 * on the whole of 127.0.0.0/8).
 */

export type HttpAnswer = {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** The body parsed as JSON; throws with the body when it is not JSON. */
  json(): unknown;
};

export type HttpRequest = {
  method?: string;
  headers?: Record<string, string>;
  /** Sent as JSON (content-type application/json). */
  json?: unknown;
};

export type HttpClient = {
  /** The loopback address this client's connections come from (undefined: the system's). */
  localAddress: string | undefined;
  request(url: string, request?: HttpRequest): Promise<HttpAnswer>;
  /** Closes the kept-alive connections. */
  close(): void;
};

/**
 * No request of a test waits longer than this: a hung server fails the test, it never hangs; a
 * slow answer on a loaded machine is still an answer (hang-limits.ts).
 */
const REQUEST_TIMEOUT_MS = HANG_LIMIT_MS;

/**
 * A loopback address nobody else uses, as a client's own address: 127.x.y.z with random x, y, z
 * (never 127.0.0.1, the test's and nginx's own). Rate limits count per client address, and a
 * shared Redis may hold other runs' counters for a minute: a fresh address starts at zero.
 */
export function randomLoopbackAddress(): string {
  return `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

export function createHttpClient(
  options: { localAddress?: string; maxSockets?: number } = {},
): HttpClient {
  const { localAddress, maxSockets = 64 } = options;
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  return {
    localAddress,
    request(url, { method = 'GET', headers = {}, json } = {}) {
      const body = json === undefined ? undefined : Buffer.from(JSON.stringify(json));
      return new Promise<HttpAnswer>((resolve, reject) => {
        const outgoing = http.request(
          url,
          {
            method,
            agent,
            ...(localAddress ? { localAddress } : {}),
            headers: {
              ...(body
                ? { 'content-type': 'application/json', 'content-length': body.length }
                : {}),
              ...headers,
            },
            timeout: REQUEST_TIMEOUT_MS,
          },
          (incoming) => {
            const chunks: Buffer[] = [];
            incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
            incoming.on('error', reject);
            incoming.on('end', () => {
              const text = Buffer.concat(chunks).toString('utf8');
              resolve({
                status: incoming.statusCode ?? 0,
                headers: incoming.headers,
                body: text,
                json() {
                  try {
                    return JSON.parse(text) as unknown;
                  } catch {
                    throw new Error(`${method} ${url}: not JSON (${incoming.statusCode}): ${text}`);
                  }
                },
              });
            });
          },
        );
        outgoing.on('timeout', () =>
          outgoing.destroy(new Error(`${method} ${url}: no answer in ${REQUEST_TIMEOUT_MS} ms`)),
        );
        outgoing.on('error', reject);
        outgoing.end(body);
      });
    },
    close() {
      agent.destroy();
    },
  };
}

/** `name=value` pairs of an answer's Set-Cookie headers, joined for a `cookie` request header. */
export function cookiesOfAnswer(answer: HttpAnswer): string {
  return (answer.headers['set-cookie'] ?? []).map((cookie) => cookie.split(';', 1)[0]).join('; ');
}

/** Fails with the answer in the message when its status is not the one expected. */
export function expectStatus(step: string, answer: HttpAnswer, status = 200): HttpAnswer {
  if (answer.status !== status) {
    throw new Error(`${step}: expected ${status}, got ${answer.status}: ${answer.body}`);
  }
  return answer;
}
