import type { FastifyInstance } from 'fastify';
import { API_BASE, serverTexts } from '@tools-factory/contract';
import { badRequest } from '../http-errors.ts';

/** A dot segment as a URL parser reads one: `.` or `..`, any of its dots possibly `%2e`. */
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

/** The path of a request target: what comes before its query (or a stray fragment). */
export function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

/**
 * Whether a path means the same to every router it meets: Fastify's (which reads it as it is),
 * and WHATWG URL parsing (which Better Auth and any Fetch-based handler apply), which resolves
 * dot segments (`.`, `..`, `%2e`), reads a backslash as a slash, drops tabs and line breaks, and
 * trims controls and spaces. Doubled slashes are empty segments that some routers collapse and
 * others refuse. Percent-escapes that URL parsing keeps as they are (`%20`) are plain.
 */
export function isPlainPath(path: string): boolean {
  if (path.includes('//')) return false;
  for (let index = 0; index < path.length; index += 1) {
    const code = path.charCodeAt(index);
    if (code <= 0x20 || code === 0x5c) return false;
  }
  return !path.split('/').some((segment) => DOT_SEGMENT.test(segment));
}

function isUnderApi(path: string): boolean {
  return path === API_BASE || path.startsWith(`${API_BASE}/`);
}

/** The path as URL parsing resolves it ('' when it cannot: `//[` names a malformed host). */
function resolvedPath(path: string): string {
  try {
    return new URL(path, 'http://localhost').pathname;
  } catch {
    return '';
  }
}

/**
 * Refuses with 400, before any route runs, a request under /api whose path is not plain: the
 * API's routes (and the rate limits on them) are chosen by the path as written, while Better Auth
 * resolves it first, so `/api/auth/./sign-in/email` would reach sign-in past its limit. Under
 * /api means as written or as resolved (`/x/../api/...`); the web app's own paths are left to
 * the static file plugin, which guards its folder itself.
 */
export function refuseUnplainApiPaths(app: FastifyInstance): void {
  // A callback hook (see registerUrlLengthLimit): no promise per request.
  app.addHook('onRequest', (request, _reply, done) => {
    const path = pathOf(request.url);
    if (!isPlainPath(path) && (isUnderApi(path) || isUnderApi(resolvedPath(path)))) {
      done(badRequest(serverTexts.pathErrors.notPlain));
      return;
    }
    done();
  });
}

/** Whether a query string decodes: each `%` begins the escape of a UTF-8 character. */
export function isDecodableQuery(query: string): boolean {
  if (!query.includes('%')) return true;
  try {
    decodeURIComponent(query);
    return true;
  } catch {
    return false;
  }
}

/**
 * Refuses with 400, before any route (and its guard) runs, a request whose query is not properly
 * percent-encoded (`?email=%ZZ`): the query parser would pass such a value on as it is. A path
 * the router cannot decode is refused by it (answerFrameworkError), in the same words.
 */
export function refuseBadlyEncodedQueries(app: FastifyInstance): void {
  // A callback hook (see registerUrlLengthLimit): no promise per request.
  app.addHook('onRequest', (request, _reply, done) => {
    const start = request.url.indexOf('?');
    if (start !== -1 && !isDecodableQuery(request.url.slice(start + 1))) {
      done(badRequest(serverTexts.pathErrors.badEncoding));
      return;
    }
    done();
  });
}
