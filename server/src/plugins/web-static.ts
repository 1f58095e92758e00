import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiPath, sendApiNotFound } from './errors.ts';

/** Vite's hashed output: the name changes with the content, so it may be cached for ever. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Other public files (images, favicon, robots.txt) keep their names: a day, then revalidate. */
export const PUBLIC_FILE_CACHE = 'public, max-age=86400';
/** index.html names the current hashed files: always revalidated. */
export const INDEX_CACHE = 'no-cache';

export const WEB_NOT_BUILT_MESSAGE =
  'The web app is not built yet: run `npm run build` (or `npm start`, which builds it and starts the server).';

/** The last path segment has a file extension: a file was asked for, not a page of the app. */
const FILE_REQUEST = /\/[^/]*\.[a-z0-9]+$/i;

/**
 * Answers a GET or HEAD of a page of the app (a path that is neither the API's nor a file's):
 * web-pages.ts renders the public ones and sends the shell for the rest.
 */
export type PageSender = (
  request: FastifyRequest,
  reply: FastifyReply,
) => FastifyReply | Promise<FastifyReply>;

/** The plain index.html: the app renders itself in the browser (or 503 without a build). */
export function sendIndexShell(reply: FastifyReply, indexFile: string): FastifyReply {
  // Checked each time (cheap), so a build made after the server started is picked up.
  if (!existsSync(indexFile)) {
    return reply.code(503).type('text/plain; charset=utf-8').send(WEB_NOT_BUILT_MESSAGE);
  }
  reply.header('cache-control', INDEX_CACHE);
  return reply.sendFile('index.html');
}

function cacheControlFor(filePath: string): string {
  const relative = filePath.split(path.sep).join('/');
  if (/\.html(\.br|\.gz)?$/.test(relative)) return INDEX_CACHE;
  if (relative.includes('/assets/')) return IMMUTABLE_CACHE;
  return PUBLIC_FILE_CACHE;
}

/**
 * Serves the web app built by Vite (`webDistDir`, normally web/dist) from the same origin as the
 * API, with its .br/.gz siblings when present (scripts/precompress.ts writes them). Any other GET
 * that is neither an API path nor a file gets `sendPage`'s answer (index.html without it), so
 * client routes work on reload. The not-found handler lives here because it decides between the
 * API's JSON 404 and the SPA.
 */
export async function registerWebStatic(
  app: FastifyInstance,
  options: { webDistDir: string; sendPage?: PageSender },
): Promise<void> {
  const root = path.resolve(options.webDistDir);
  const indexFile = path.join(root, 'index.html');

  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    preCompressed: true,
    cacheControl: false,
    dotfiles: 'ignore',
    // Without a build, the not-found handler below says what to do.
    suppressWarning: true,
    setHeaders: (reply: FastifyReply, filePath: string) => {
      reply.header('cache-control', cacheControlFor(filePath));
    },
  });

  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url)) return sendApiNotFound(request, reply);
    const pathname = request.url.split('?', 1)[0] ?? '/';
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    }
    if (!existsSync(indexFile)) return sendIndexShell(reply, indexFile);
    if (FILE_REQUEST.test(pathname)) {
      // A missing file (an old hashed chunk, an image) is a real 404, not the app's page.
      return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    }
    if (options.sendPage) return options.sendPage(request, reply);
    return sendIndexShell(reply, indexFile);
  });
}
