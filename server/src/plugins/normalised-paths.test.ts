import { describe, expect, it } from 'vitest';
import { serverTexts, type ErrorBody } from '@tools-factory/contract';
import { bearer } from '../testing/accounts.ts';
import { test } from '../testing/app-fixtures.ts';
import { isPlainPath, pathOf } from './normalised-paths.ts';

/** What a WHATWG URL parser (Better Auth's, a browser's) makes of a path. */
const resolve = (path: string) => new URL(path, 'http://localhost').pathname;

describe('plain paths (those every router reads alike)', () => {
  const plain = [
    '/api/auth/sign-in/email',
    '/api/auth/reset-password/AbC123xyz',
    '/api/user/ann%40example.com',
    '/api/tool/some.tool.name',
    '/api/auth/...',
    '/api/auth/.well-known',
    '/api/auth/%2e%2e%2e',
    '/api/auth/%2f..%2f',
    '/',
  ];
  const notPlain = [
    '/api/auth/./sign-in/email',
    '/api/auth/x/../sign-in/email',
    '/api/auth/%2e/sign-in/email',
    '/api/auth/%2E%2e/sign-in/email',
    '/api/auth/x/.%2E/sign-in/email',
    '/api/auth/x/%2e./sign-in/email',
    '/api/auth/sign-in/email/.',
    '/api/auth/sign-in/email/..',
    '/api/auth//sign-in/email',
    '//api/auth/sign-in/email',
    '/api/auth\\sign-in/email',
    '/api/auth/sign-in/em\tail',
    '/api/auth/sign-in/em\nail',
    '/api/auth/sign-in/email ',
    '/api/auth/sign-in/.\t./email',
  ];

  it('takes paths a URL parser leaves as they are', () => {
    for (const path of plain) {
      expect(isPlainPath(path), path).toBe(true);
      expect(resolve(path), path).toBe(path);
    }
  });

  it('refuses paths a URL parser would rewrite (dot segments, backslashes, tabs) or some routers collapse (//)', () => {
    for (const path of notPlain) {
      expect(isPlainPath(path), JSON.stringify(path)).toBe(false);
      if (!path.includes('//')) expect(resolve(path), JSON.stringify(path)).not.toBe(path);
    }
  });

  it('reads the path of a request target without its query or a stray fragment', () => {
    expect(pathOf('/api/auth/sign-in/email?callbackURL=/./x/../y')).toBe('/api/auth/sign-in/email');
    expect(pathOf('/api/auth/x#/../sign-in/email')).toBe('/api/auth/x');
    expect(pathOf('/api/health')).toBe('/api/health');
  });
});

describe('a request target that is not properly percent-encoded (issue 22, item 12)', () => {
  test.for([
    // A UTF-8 sequence cut short, in a path with a parameter and in one without.
    '/api/tool/%E0%A4%A',
    '/api/parts/%E0%A4%A',
    // Not an escape at all: in a path, and in a query (before its route's guard and schema).
    '/api/tool/%ZZ',
    '/api/orders?email=%ZZ',
    '/api/parts?page=%E0%A4%A',
    // Outside the API: the web app's own pages.
    '/%E0%A4%A',
    '/login?next=%ZZ',
  ])(
    "%s: 400 in the shop's own shape, as a caller signed in or not",
    async (url, { app, customer }) => {
      for (const headers of [{}, bearer(customer.token)]) {
        const response = await app.inject({ url, headers });
        expect(response.statusCode, response.body).toBe(400);
        expect(response.headers['content-type']).toContain('application/json');
        expect(response.json()).toEqual({
          message: serverTexts.pathErrors.badEncoding,
          statusCode: 400,
        } satisfies ErrorBody);
      }
    },
  );

  test('takes what is encoded properly: escapes of UTF-8 characters, and a plus', async ({
    app,
  }) => {
    for (const url of ['/api/parts?q=%E0%A4%A0', '/api/parts?q=a+b%20c%25']) {
      const response = await app.inject({ url });
      expect(response.statusCode, response.body).toBe(200);
    }
  });
});
