import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { keepAnswer, type CatalogBodies, type CatalogReader } from '../catalog/catalog-snapshot.ts';
import { encodingAsked } from './preserialized.ts';

/*
 * The catalog's reads of one tool and of a search (GET /api/tool/{id}, GET /api/parts?q=...)
 * answered as a static file server would (issue 27): the first ask of a URL goes through Fastify
 * (its hooks, validation and route) and its whole answer, headers and bytes, is kept with the
 * catalog version it was made from; the same ask again, while that version is served, gets those
 * bytes before any routing. A new version (any catalog change, a stock patch) drops them all.
 * Fastify's work on these small answers cost half as much again as a bare node:http server's
 * whole answer (docs/decisions/028; the figures are in bench/RESULTS.md).
 */

/** Headers that belong to one response, which node:http sets itself (the length is the body's). */
const OWN_HEADERS = new Set(['content-length', 'date', 'connection', 'keep-alive']);

/** What the answer depends on besides the catalog version: the URL and the encoding it asked. */
export function answerKey(url: string, acceptEncoding: string | undefined): string {
  return `${encodingAsked(acceptEncoding)} ${url}`;
}

/** The bodies a route answered from, for its onSend hook (keepCatalogAnswer). */
const answeredFrom = new WeakMap<FastifyRequest, CatalogBodies>();

/** For a route that answers from `bodies` and whose answers keepCatalogAnswer keeps. */
export function noteAnsweredFrom(request: FastifyRequest, bodies: CatalogBodies): void {
  answeredFrom.set(request, bodies);
}

/**
 * The route's onSend hook (after every other hook: the headers are final but for node's own):
 * keeps a 200 to a GET with the bodies it was made from (noteAnsweredFrom). A conditional ask
 * (If-None-Match) is answered by the route each time.
 */
export function keepCatalogAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: null, payload: unknown) => void,
): void {
  const bodies = answeredFrom.get(request);
  if (
    bodies &&
    request.method === 'GET' &&
    reply.statusCode === 200 &&
    Buffer.isBuffer(payload) &&
    request.headers['if-none-match'] === undefined
  ) {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (!OWN_HEADERS.has(name) && value !== undefined) headers[name] = String(value);
    }
    headers['content-length'] = String(payload.length);
    keepAnswer(bodies, answerKey(request.url, request.headers['accept-encoding']), {
      headers,
      body: payload,
    });
  }
  done(null, payload);
}

/** The kept answer for this request, if the current version holds one. */
function keptAnswerFor(catalog: CatalogReader, request: IncomingMessage) {
  if (request.method !== 'GET' || request.headers['if-none-match'] !== undefined) return;
  let bodies: CatalogBodies;
  try {
    bodies = catalog.current();
  } catch {
    // Before the first build: Fastify answers (its routes say why).
    return;
  }
  return bodies.answers.get(answerKey(request.url ?? '', request.headers['accept-encoding']));
}

/**
 * Answers a request that a kept answer fits before Fastify sees it; every other request goes to
 * Fastify as before. Called right after Fastify is made: its own 'request' listener is the
 * server's first (graceful-close.ts and others listen after it, and still hear every request).
 */
export function answerKeptCatalogReadsFirst(app: FastifyInstance, catalog: CatalogReader): void {
  const [fastifyHandler, ...others] = app.server.listeners('request') as Array<
    (request: IncomingMessage, response: ServerResponse) => void
  >;
  if (!fastifyHandler || others.length > 0) {
    throw new Error("answerKeptCatalogReadsFirst: Fastify's request listener is not alone");
  }
  // Once the close begins, Fastify answers everything (graceful-close.ts: `connection: close`).
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.server.removeListener('request', fastifyHandler);
  app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const kept = closing ? undefined : keptAnswerFor(catalog, request);
    if (!kept) {
      fastifyHandler(request, response);
      return;
    }
    response.writeHead(200, kept.headers);
    response.end(kept.body);
  });
}
