import { STATUS_CODES } from 'node:http';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
// The types @fastify/swagger's own are written in (its dependency).
import type { OpenAPIV3_1 } from 'openapi-types';
import { API_BASE } from '@tools-factory/contract';
import { MAX_URL_LENGTH } from './client-errors.ts';

export const openApiPath = `${API_BASE}/openapi.json`;
export const docsPath = `${API_BASE}/docs`;

export type OpenApiPaths = OpenAPIV3_1.PathsObject;
export type OpenApiOperation = OpenAPIV3_1.OperationObject;
export type OpenApiAnswer = OpenAPIV3_1.ResponseObject;
export type OpenApiSchema = OpenAPIV3_1.SchemaObject;
/**
 * Request bodies a route's schema cannot declare, by operationId: a multipart upload (its file
 * is read from the stream, so the route has no body schema for Fastify to validate).
 */
export type OpenApiRequestBodies = Record<string, OpenAPIV3_1.RequestBodyObject>;

/** The security schemes' names, for the routes' `security` (`[]` on a public operation). */
export const BEARER = 'bearer';
export const SESSION_COOKIE = 'sessionCookie';

/** The identity service's session cookie (Better Auth's name; `__Secure-` prefixed over https). */
export const SESSION_COOKIE_NAME = 'better-auth.session_token';

const URL_TOO_LONG = 'UrlTooLong';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** What each status means across the API, for the answers a route declares without words. */
const ANSWER_MEANINGS: Record<string, string> = {
  '400': 'Bad Request: the message names the field or the rule broken.',
  '401': 'Not signed in: no valid access token (or session), or it has expired.',
  '402': 'The card was refused: the message says why.',
  '403': 'Signed in, but not allowed to do this.',
  '404': 'Not found (or not yours).',
  '409': 'Conflicts with the current state: the message says which.',
  '422': 'Cannot be processed as sent: the message says why.',
  '429': 'Too many requests: wait (`Retry-After` seconds when given) and try again.',
  '502': 'The payment gateway did not answer as expected.',
  '503': 'The database is out of reach.',
};

const TAGS: OpenAPIV3_1.Document['tags'] = [
  { name: 'identity', description: 'Signing up and in (`/api/auth/*`, Better Auth): the session.' },
  { name: 'users', description: 'Accounts and the access token (PUT /api/user/{email}).' },
  { name: 'catalog', description: 'The tools on sale and the home page gallery.' },
  { name: 'reviews', description: 'Customer reviews, and hiding them (admins).' },
  { name: 'contact', description: "The home page's contact form, and its messages (admins)." },
  { name: 'profiles', description: 'My Profile.' },
  { name: 'orders', description: 'Placing, listing, removing and shipping orders.' },
  { name: 'payments', description: 'Card payments of orders.' },
  {
    name: 'cart',
    description: "The customer's cart, kept on the server: adding lines, Order again.",
  },
  {
    name: 'quotes',
    description: 'Quotes: requesting a price, offering one, accepting or declining it.',
  },
  {
    name: 'sales',
    description: "The admins' sales overview: revenue, orders by status, top tools.",
  },
  {
    name: 'holds',
    description:
      "Stock holds (admins): who holds stock with unpaid orders, releasing them, an account's hold limit.",
  },
  { name: 'system', description: 'Health checks.' },
];

/**
 * The finishing touches every operation gets: words for the answers a route declared with a
 * schema only (Fastify's 'Default Response'), and the answer any of them gives to a URL longer
 * than MAX_URL_LENGTH (client-errors.ts refuses it before routing).
 */
function finishDocument(
  document: Partial<OpenAPIV3_1.Document>,
  requestBodies: OpenApiRequestBodies,
): Partial<OpenAPIV3_1.Document> {
  for (const pathItem of Object.values(document.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = pathItem?.[method];
      if (!operation) continue;
      const requestBody = operation.operationId && requestBodies[operation.operationId];
      // The document is 3.1 (asked for below); its paths are typed as either version's.
      if (requestBody) operation.requestBody = requestBody as typeof operation.requestBody;
      const responses = (operation.responses ??= {});
      for (const [status, answer] of Object.entries(responses)) {
        if (!('$ref' in answer) && answer.description === 'Default Response') {
          answer.description = ANSWER_MEANINGS[status] ?? STATUS_CODES[Number(status)] ?? status;
        }
      }
      responses['414'] ??= { $ref: `#/components/responses/${URL_TOO_LONG}` };
    }
  }
  return document;
}

/**
 * The OpenAPI document, made from the routes' zod schemas, at /api/openapi.json, and Swagger UI
 * at /api/docs. Swagger UI's files are served from the package (no CDN); its page has no inline
 * script, so it works under the app's Content-Security-Policy. Register before the routes.
 * `paths` documents what a route schema cannot: the identity service's endpoints, all served by
 * one wildcard route; `requestBodies`, the bodies of routes that read theirs as a stream.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  options: { paths?: OpenApiPaths; requestBodies?: OpenApiRequestBodies } = {},
): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Tools Factory API',
        description:
          'Storefront and customer dashboard of a hand-tools manufacturer. To call what needs a bearer token: sign in (POST /api/auth/sign-in/email, or sign up) keeping the session cookie, then PUT /api/user/{email} with that cookie answers the access token; send it as `Authorization: Bearer <token>`. README.md walks through it with curl.',
        version: '1.0.0',
        license: { name: 'Proprietary: all rights reserved', identifier: 'LicenseRef-Proprietary' },
      },
      // Relative: the API is this document's own origin (PUBLIC_URL).
      servers: [{ url: '/', description: 'This server' }],
      tags: TAGS,
      paths: options.paths ?? {},
      components: {
        securitySchemes: {
          [BEARER]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description:
              'The access token answered by PUT /api/user/{email} (the web app keeps it in localStorage `accessToken`). It lasts a day and ends with the session it was issued for (sign-out, password reset).',
          },
          [SESSION_COOKIE]: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE_NAME,
            description: `The identity session, set by sign-in and sign-up (HttpOnly, 7 days; \`__Secure-${SESSION_COOKIE_NAME}\` when PUBLIC_URL is https). A POST that carries cookies must also send this site's \`Origin\` header (403 otherwise).`,
          },
        },
        responses: {
          [URL_TOO_LONG]: {
            description: `The URL (path and query) is longer than ${MAX_URL_LENGTH} characters.`,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { message: { type: 'string' }, statusCode: { type: 'integer' } },
                  required: ['message', 'statusCode'],
                },
              },
            },
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (document) =>
      'openapiObject' in document
        ? // The 3.1 document asked for above.
          finishDocument(
            document.openapiObject as Partial<OpenAPIV3_1.Document>,
            options.requestBodies ?? {},
          )
        : document.swaggerObject,
  });
  await app.register(swaggerUi, {
    routePrefix: docsPath,
    uiConfig: { deepLinking: false },
  });
  app.get(openApiPath, { schema: { hide: true } }, async () => app.swagger());
}
