import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The Content-Security-Policy of every response, the web app's and the API docs' alike. No inline
 * script anywhere; inline styles are allowed because react-toastify (and Swagger UI) inject theirs.
 * Later features that load a third party (card payments) add their origins here.
 */
export const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
} satisfies Record<string, string[]>;

export const helmetOptions: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    // upgrade-insecure-requests is left out: the embedded setup is served over plain http.
    directives: contentSecurityPolicy,
  },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  xFrameOptions: { action: 'deny' },
  // nosniff, HSTS, Cross-Origin-*-Policy and the rest keep helmet's defaults.
};

/**
 * The headers helmet sets with these options. They are the same on every response (no CSP
 * nonces), so helmet runs once here instead of once a request.
 */
export function computeSecurityHeaders(
  options: HelmetOptions = helmetOptions,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  // helmet's middlewares only call setHeader and removeHeader on the response, never the request.
  helmet(options)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
      finished = true;
    },
  );
  if (!finished) throw new Error('helmet did not finish synchronously');
  return headers;
}

/**
 * Security headers on every response (DESIGN.md section 3), from helmet. @fastify/helmet would
 * run helmet's middleware chain on each request, which measured here at about half the catalog's
 * throughput; the headers never change, so they are computed once and set in one hook.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = computeSecurityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
