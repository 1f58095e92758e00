import { describe, expect } from 'vitest';
import { ErrorBodySchema, texts } from '@tools-factory/contract';
import type { App } from './app.ts';
import { bearer, identityHeaders } from './testing/accounts.ts';
import { AUTHORIZATION_ROWS, type AuthorizationRow } from './testing/authorization-cases.ts';
import { appTest } from './testing/app-fixtures.ts';

/**
 * Issue 22, item 12: who calls is settled before what they send is read. Every guarded route of
 * the authorization table, called with a body of the wrong shape where it reads one (and no id
 * or e-mail of anything in its path and query): a caller without a credential, or with a bad
 * one, is told 401, a customer on an admin route and an admin on a customer's own 403, never a
 * 400 that names the fields the route expects. That the body is bad is shown by a caller who
 * passes every guard: 400.
 */

/** In every path and query parameter: the id or e-mail of nothing. */
const BAD_VALUE = 'not-valid';
/** A JSON body of the wrong shape for every route that reads an object. */
const BAD_BODY = '["not-valid"]';

type Operation = {
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
};
type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };

/** The guarded routes: those that read a bearer token or the identity session's cookie. */
function guardedRows(): AuthorizationRow[] {
  const seen = new Set<string>();
  return AUTHORIZATION_ROWS.filter((row) => {
    const key = `${row.method} ${row.route}`;
    const guarded =
      (row.credential === 'bearer' || row.credential === 'identity session') &&
      // Better Auth's own endpoints (one wildcard route) read their input themselves.
      !row.route.includes('*') &&
      row.servedWith !== 'stripe gateway';
    if (!guarded || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

type BadRequest = {
  method: AuthorizationRow['method'];
  url: string;
  /** BAD_BODY, when the route reads a body. */
  payload?: string;
};

/** The row's route with every parameter and the body its OpenAPI operation declares, made bad. */
function badRequestFor(row: AuthorizationRow, document: OpenApiDocument): BadRequest {
  const openApiPath = row.route.replace(/:(\w+)/g, '{$1}');
  const operation = document.paths[openApiPath]?.[row.method.toLowerCase()];
  if (!operation) throw new Error(`${row.method} ${row.route} is not in the OpenAPI document`);
  const path = row.route.replace(/:\w+/g, BAD_VALUE);
  const query = (operation.parameters ?? [])
    .filter((parameter) => parameter.in === 'query')
    .map((parameter) => `${encodeURIComponent(parameter.name)}=${BAD_VALUE}`);
  const hasBody = operation.requestBody !== undefined;
  return {
    method: row.method,
    url: query.length > 0 ? `${path}?${query.join('&')}` : path,
    ...(hasBody ? { payload: BAD_BODY } : {}),
  };
}

function send(app: App, request: BadRequest, headers: Record<string, string>) {
  return app.inject({
    method: request.method,
    url: request.url,
    headers: {
      ...identityHeaders(app),
      ...(request.payload === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
}

/** The headers of a caller's credential as the row reads it. */
function credentialOf(row: AuthorizationRow, held: { token: string; cookie: string }) {
  return row.credential === 'bearer' ? bearer(held.token) : { cookie: held.cookie };
}

/** The callers (see the fixtures) and the API document the bad requests are made from. */
const it = appTest({ customerName: 'Ada Customer', adminName: 'Cy Admin' }).extend(
  'apiDocument',
  { scope: 'file' },
  async ({ app }) => {
    const documentResponse = await app.inject('/api/openapi.json');
    expect(documentResponse.statusCode).toBe(200);
    return documentResponse.json() as OpenApiDocument;
  },
);

describe('guards run before the input is validated (issue 22, item 12)', () => {
  const rows = guardedRows();

  it('walks every guarded route of the table', () => {
    expect(rows.length).toBeGreaterThan(30);
  });

  for (const row of rows) {
    describe(`${row.method} ${row.route} (${row.who})`, () => {
      it('anonymous, with bad input: 401, not a 400 about the input', async ({
        app,
        apiDocument,
      }) => {
        const request = badRequestFor(row, apiDocument);
        const response = await send(app, request, {});
        expect(response.statusCode, response.body).toBe(401);
        expect(ErrorBodySchema.parse(response.json()).message).toBe(
          texts.identityErrors.notSignedIn,
        );
      });

      if (row.credential === 'bearer') {
        it('a token that is no token, with bad input: 401', async ({ app, apiDocument }) => {
          const request = badRequestFor(row, apiDocument);
          const response = await send(app, request, bearer('not.a.token'));
          expect(response.statusCode, response.body).toBe(401);
        });
      }

      if (row.who === 'admin') {
        it('a customer, with bad input: 403 (admins only)', async ({
          app,
          customer,
          apiDocument,
        }) => {
          const request = badRequestFor(row, apiDocument);
          const response = await send(app, request, credentialOf(row, customer));
          expect(response.statusCode, response.body).toBe(403);
          expect(ErrorBodySchema.parse(response.json()).message).toBe(
            texts.identityErrors.adminsOnly,
          );
        });
      }

      if (row.who === 'customer, not an admin') {
        it('an admin, with bad input: 403 (customers only)', async ({
          app,
          admin,
          apiDocument,
        }) => {
          const request = badRequestFor(row, apiDocument);
          const response = await send(app, request, credentialOf(row, admin));
          expect(response.statusCode, response.body).toBe(403);
          expect(ErrorBodySchema.parse(response.json()).message).toBe(
            texts.cart.errors.customersOnly,
          );
        });
      }
    });
  }

  it('uses bodies the routes refuse: a caller past every guard is told 400', async ({
    app,
    admin,
    customer,
    apiDocument,
  }) => {
    const answers: string[] = [];
    for (const row of rows) {
      const request = badRequestFor(row, apiDocument);
      if (request.payload === undefined) continue;
      // An admin passes every guard but the customers' own.
      const caller = row.who === 'customer, not an admin' ? customer : admin;
      const response = await send(app, request, credentialOf(row, caller));
      answers.push(`${row.method} ${row.route}: ${response.statusCode}`);
    }
    expect(answers.length).toBeGreaterThan(10);
    expect(answers).toEqual(answers.map((answer) => answer.replace(/\d+$/, '400')));
  });

  it('reads no body of an anonymous caller: JSON that does not parse is a 401 too', async ({
    app,
  }) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { 'content-type': 'application/json' },
      payload: '{"toolId": ',
    });
    expect(response.statusCode, response.body).toBe(401);
  });
});
