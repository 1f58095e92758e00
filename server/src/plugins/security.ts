import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The Content-Security-Policy of every response, the web app's and the API docs' alike. No inline
 * script anywhere; inline styles are allowed because react-toastify (and Swagger UI) inject theirs.
 */
export const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  // Add Product takes an https image link or a path of the shop (contract isToolImageLink);
  // data: is for the stylesheet's own icons (daisyUI's spinner masks), never a tool's image.
  imgSrc: ["'self'", 'data:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
} satisfies Record<string, string[]>;

/**
 * What Stripe.js and Stripe Elements load (Stripe's integration security guide): the script,
 * its frames (the card fields live in frames on js.stripe.com and its subdomains; 3-D Secure and
 * redirects on hooks.stripe.com), and its calls to the API. Opened only when the stripe gateway
 * is configured: with the test gateway no third party may run anything on our pages.
 */
export const stripeSources = {
  scriptSrc: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frameSrc: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connectSrc: ['https://api.stripe.com'],
} satisfies Record<string, string[]>;

export type SecurityHeadersOptions = {
  /** The stripe gateway is configured: Stripe.js may load on the payment page. */
  stripe: boolean;
};

/** The policy's directives for this configuration. */
function contentSecurityPolicyFor(options: SecurityHeadersOptions): Record<string, string[]> {
  if (!options.stripe) return contentSecurityPolicy;
  return {
    ...contentSecurityPolicy,
    scriptSrc: [...contentSecurityPolicy.scriptSrc, ...stripeSources.scriptSrc],
    // Frames fell back to default-src ('self'): that stays, Stripe's are added.
    frameSrc: [...contentSecurityPolicy.defaultSrc, ...stripeSources.frameSrc],
    connectSrc: [...contentSecurityPolicy.connectSrc, ...stripeSources.connectSrc],
  };
}

function helmetOptionsFor(options: SecurityHeadersOptions): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      // upgrade-insecure-requests is left out: the embedded setup is served over plain http.
      directives: contentSecurityPolicyFor(options),
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    // nosniff, HSTS, Cross-Origin-*-Policy and the rest keep helmet's defaults.
  };
}

/**
 * The headers helmet sets with these options. They are the same on every response (no CSP
 * nonces), so helmet runs once here instead of once a request.
 */
export function computeSecurityHeaders(options: SecurityHeadersOptions): Record<string, string> {
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
  helmet(helmetOptionsFor(options))(
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
 * Security headers on every response (docs/architecture.md#the-api), from helmet. @fastify/helmet
 * would run helmet's middleware chain on each request, which measured here at about half the
 * catalog's throughput; the headers never change, so they are computed once and set in one hook.
 * Without options Stripe stays shut out: a forgotten option fails closed.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeadersOptions = { stripe: false },
): void {
  const headers = computeSecurityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
