import type { FastifyInstance } from 'fastify';
import { API_BASE } from '@tools-factory/contract';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route answers the same public data to everyone (the catalog reads): it keeps its own
     * Cache-Control. Every other API answer gets `no-store`.
     */
    publicCache?: boolean;
  }
}

const NO_STORE = /\bno-store\b/i;

function isApiPath(url: string): boolean {
  return url === API_BASE || url.startsWith(`${API_BASE}/`) || url.startsWith(`${API_BASE}?`);
}

/**
 * `Cache-Control: no-store` on every API answer (identity's included), unless its route declares
 * itself public and cacheable (`config: { publicCache: true }`): whatever carries a person's data
 * (orders, users, profiles, quotes, messages, the CSV, the PDFs, tokens, sessions) is never kept
 * by a browser or a proxy (issue 22 item 8). Failing closed: a new route is no-store until it
 * says otherwise.
 */
export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApiPath(request.url) && reply.routeOptions.config.publicCache !== true) {
      const current = reply.getHeader('cache-control');
      if (typeof current !== 'string' || !NO_STORE.test(current)) {
        reply.header('cache-control', 'no-store');
      }
    }
    done(null, payload);
  });
}
