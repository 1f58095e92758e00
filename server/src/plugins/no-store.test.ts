import { describe, expect } from 'vitest';
import { identityHeaders, renewAccessToken } from '../testing/accounts.ts';
import { injectAs } from '../testing/requests.ts';
import { appTest } from '../testing/app-fixtures.ts';

const NO_STORE = /\bno-store\b/;

const it = appTest({ customerName: 'Private Customer' });

/**
 * Cache-Control: no-store on every API answer that carries a person's data (issue 22 item 8);
 * the authorization walk (authorization.test.ts) checks it on every credentialed row too.
 */
describe('Cache-Control: no-store on answers about a person', () => {
  it.for([
    ['GET /api/orders?email= (own orders)', 'customer', '/api/orders?email='],
    ['GET /api/user (every user)', 'admin', '/api/user'],
    ['GET /api/manageOrders', 'admin', '/api/manageOrders'],
    ['GET /api/manageOrders.csv', 'admin', '/api/manageOrders.csv'],
    ['GET /api/admin/{email} (the admin check)', 'customer', '/api/admin/'],
    ['GET /api/userinfo (own profile)', 'customer', '/api/userinfo'],
    ['GET /api/quotes', 'customer', '/api/quotes'],
    ['GET /api/manageMessages', 'admin', '/api/manageMessages'],
    ['GET /api/manageReviews', 'admin', '/api/manageReviews'],
  ] as const)('%s', async ([_name, who, path], { app, customer, admin }) => {
    const account = who === 'admin' ? admin : customer;
    const url =
      path.endsWith('=') || path.endsWith('/')
        ? `${path}${encodeURIComponent(account.email)}`
        : path;
    const response = await injectAs(app, account, { url });
    expect(response.statusCode, response.body).toBeLessThan(500);
    expect(response.headers['cache-control']).toMatch(NO_STORE);
  });

  it("PUT /api/user/{email}'s token and the identity session's answer", async ({
    app,
    customer,
  }) => {
    const token = await renewAccessToken(app, customer);
    expect(token.statusCode, token.body).toBe(200);
    expect(token.headers['cache-control']).toMatch(NO_STORE);
    const session = await app.inject({
      url: '/api/auth/get-session',
      headers: identityHeaders(app, customer.cookie),
    });
    expect(session.statusCode, session.body).toBe(200);
    expect(session.headers['cache-control']).toMatch(NO_STORE);
  });

  it('refusals of those calls too (401, 403)', async ({ app, customer }) => {
    expect((await app.inject('/api/manageOrders')).headers['cache-control']).toMatch(NO_STORE);
    const refused = await injectAs(app, customer, { url: '/api/manageOrders' });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['cache-control']).toMatch(NO_STORE);
  });

  it('leaves the public catalog reads their caching (no-cache with an ETag)', async ({ app }) => {
    for (const url of ['/api/parts', '/api/review', '/api/gallery']) {
      const response = await app.inject(url);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers.etag, url).toBeDefined();
    }
  });
});
