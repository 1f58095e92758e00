import { describe, expect } from 'vitest';
import type { Config } from '../config.ts';
import { IDENTITY_ENDPOINTS } from '../modules/identity/identity-endpoints.ts';
import { AUTHORIZATION_ROWS, WHO, type Credential } from '../testing/authorization-cases.ts';
import type { App } from '../app.ts';
import { appTest, test } from '../testing/app-fixtures.ts';

type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  requestBody?: unknown;
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: unknown }> }>;
};

type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; license?: { name: string } };
  servers?: { url: string }[];
  components: { securitySchemes: Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
};

/** The `security` of an operation each kind of credential reads (`[]`: a public operation). */
const SECURITY_OF: Record<Credential, Operation['security']> = {
  none: [],
  bearer: [{ bearer: [] }],
  'identity session': [{ sessionCookie: [] }],
  // Proved by a signature over the body: no credential OpenAPI can name.
  'stripe signature': [],
};

/** The one error body (ErrorBodySchema) as the document spells it. */
const ERROR_BODY = {
  type: 'object',
  properties: { message: { type: 'string' }, statusCode: { type: 'integer' } },
  required: ['message', 'statusCode'],
};

const STRIPE_CONFIG: Pick<Config, 'stripe'> = {
  stripe: {
    secretKey: 'sk_test_openapi',
    publishableKey: 'pk_test_openapi',
    webhookSecret: 'whsec_openapi',
    apiUrl: 'http://127.0.0.1:9',
  },
};

function operationsOf(document: OpenApiDocument): [string, Operation][] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]): [string, Operation] => [
      `${method.toUpperCase()} ${path}`,
      operation,
    ]),
  );
}

/** `/api/tool/:id` (Fastify's) as the document spells it: `/api/tool/{id}`. */
const documentPathOf = (route: string) => route.replace(/:([A-Za-z]+)/g, '{$1}');

describe('OpenAPI document and reference page', () => {
  test('serves a valid OpenAPI 3.1 document at /api/openapi.json listing the routes', async ({
    app,
  }) => {
    const response = await app.inject('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    const document = response.json() as OpenApiDocument;
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info.title).toBe('Tools Factory API');
    expect(document.info.version).toBeTruthy();
    for (const path of [
      '/api/parts',
      '/api/tool/{id}',
      '/api/review',
      '/api/gallery',
      '/api/health',
      '/api/ready',
    ]) {
      expect(document.paths[path]?.get, path).toBeDefined();
    }
    // Every operation documents its answers with a schema: JSON, or the file it answers (CSV).
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(Object.keys(operation.responses), `${method} ${path}`).not.toHaveLength(0);
        for (const [status, answer] of Object.entries(operation.responses)) {
          // A redirect has no body; a shared answer is described once, in components.
          if (status.startsWith('3') || answer.$ref) continue;
          const [body] = Object.values(answer.content ?? {});
          expect(body?.schema, `${method} ${path}`).toBeDefined();
        }
      }
    }
    const tool = document.paths['/api/tool/{id}']!.get!.responses;
    expect(Object.keys(tool).sort()).toEqual(['200', '404', '414']);
    // Internal routes (the docs themselves, static files) stay out.
    expect(Object.keys(document.paths).every((path) => path.startsWith('/api/'))).toBe(true);
    expect(Object.keys(document.paths).some((path) => path.startsWith('/api/docs'))).toBe(false);
  });

  test('serves Swagger UI at /api/docs from local files, with no inline script', async ({
    app,
  }) => {
    const page = await app.inject('/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('swagger-ui');
    // Every script is a file of ours: none inline, none from another origin.
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, inline] of scripts) {
      expect(inline!.trim()).toBe('');
      const src = /src="([^"]+)"/.exec(attributes!)?.[1];
      expect(src).toMatch(/^\/api\/docs\/static\//);
      const file = await app.inject(src!);
      expect(file.statusCode, src).toBe(200);
    }
    const initializer = await app.inject('/api/docs/static/swagger-initializer.js');
    expect(initializer.body).toContain('./json');
    expect((await app.inject('/api/docs/json')).statusCode).toBe(200);
  });
});

describe.each([
  { gateway: 'test', test: appTest() },
  { gateway: 'stripe', test: appTest({ config: STRIPE_CONFIG }) },
])('The OpenAPI document with the $gateway gateway', ({ gateway, test }) => {
  const documentOf = async (app: App) =>
    (await app.inject('/api/openapi.json')).json() as OpenApiDocument;

  test('names every operation (unique camelCase operationId) and says what it needs (security)', async ({
    app,
  }) => {
    const document = await documentOf(app);
    const schemes = Object.keys(document.components.securitySchemes);
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(30);
    const ids = new Set<string>();
    for (const [name, operation] of operations) {
      expect(operation.operationId, name).toMatch(/^[a-z][a-zA-Z]+$/);
      expect(ids.has(operation.operationId!), `${name}: ${operation.operationId} twice`).toBe(
        false,
      );
      ids.add(operation.operationId!);
      expect(Array.isArray(operation.security), `${name} declares no security`).toBe(true);
      for (const requirement of operation.security!) {
        for (const scheme of Object.keys(requirement)) expect(schemes, name).toContain(scheme);
      }
      // A bearer operation answers 401 without one; a body that breaks its schema gets 400.
      if (operation.security!.some((requirement) => 'bearer' in requirement)) {
        expect(operation.responses, name).toHaveProperty('401');
      }
      if (operation.requestBody) expect(operation.responses, name).toHaveProperty('400');
    }
    expect(document.info.license?.name).toBeTruthy();
    expect(document.servers?.length).toBeGreaterThan(0);
  });

  test('lists every route the app serves, with the credential and the refusals the authorization table finds', async ({
    app,
  }) => {
    const document = await documentOf(app);
    // A row without `servedWith` is served whatever the gateway.
    const rows = AUTHORIZATION_ROWS.filter(
      (row) =>
        !row.route.endsWith('/*') &&
        (row.servedWith === undefined || row.servedWith === `${gateway} gateway`),
    );
    expect(rows.length).toBeGreaterThan(25);
    for (const row of rows) {
      const name = `${row.method} ${row.route}${row.case ? ` (${row.case})` : ''}`;
      const operation = document.paths[documentPathOf(row.route)]?.[row.method.toLowerCase()];
      expect(operation, `${name} is not in the OpenAPI document`).toBeDefined();
      expect(operation!.security, name).toEqual(SECURITY_OF[row.credential]);
      for (const status of Object.values(row.answers)) {
        if (status >= 400)
          expect(operation!.responses, `${name} answers ${status}`).toHaveProperty(String(status));
      }
      // The row's refusals, with the one error body; a 401 nowhere else. A 403 of the route's
      // own (a hold limit) may stand where the row gives none.
      const { refusals } = WHO[row.who];
      for (const status of [401, 403] as const) {
        const answer = operation!.responses[String(status)];
        if (refusals.some((refusal) => refusal === status)) {
          expect(answer?.content?.['application/json']?.schema, `${name}: ${status}`).toMatchObject(
            ERROR_BODY,
          );
        } else if (status === 401) {
          expect(answer, `${name}: a 401 its row does not give`).toBeUndefined();
        }
      }
    }
  });

  test("documents the picture upload's multipart body, which its route reads as a stream", async ({
    app,
  }) => {
    const document = await documentOf(app);
    const upload = document.paths['/api/manageTools/images']!.post!;
    expect(upload.requestBody).toMatchObject({
      required: true,
      content: {
        'multipart/form-data': {
          schema: { type: 'object', required: ['file'], properties: { file: { type: 'string' } } },
        },
      },
    });
  });

  test('documents the identity endpoints of /api/auth/*, served by one wildcard route', async ({
    app,
  }) => {
    const document = await documentOf(app);
    for (const endpoint of IDENTITY_ENDPOINTS) {
      const path = `/api/auth${documentPathOf(endpoint.path)}`;
      const operation = document.paths[path]?.[endpoint.method.toLowerCase()];
      expect(operation, `${endpoint.method} ${path}`).toBeDefined();
      expect(Boolean(operation!.requestBody), path).toBe(endpoint.body !== undefined);
    }
    const signIn = document.paths['/api/auth/sign-in/email']!.post!;
    expect(signIn.security).toEqual([]);
    expect(Object.keys(signIn.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '429']),
    );
    expect(document.paths['/api/auth/get-session']!.get!.security).toEqual([
      { sessionCookie: [] },
      {},
    ]);
    // Sign-up sends no verification e-mail by itself: its description names the call that does
    // (issue 40 item 9: an integrator's buyers were left unverified).
    const signUp = document.paths['/api/auth/sign-up/email']!.post! as { description?: string };
    expect(signUp.description).toContain('POST /api/auth/send-verification-email');
    expect(signUp.description).toMatch(/no verification e-mail is sent by this call/i);
    // The access token comes from PUT /api/user/{email}, on the session cookie.
    expect(document.paths['/api/user/{email}']!.put!.security).toEqual([{ sessionCookie: [] }]);
    expect(document.components.securitySchemes).toMatchObject({
      bearer: { type: 'http', scheme: 'bearer' },
      sessionCookie: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' },
    });
  });
});
