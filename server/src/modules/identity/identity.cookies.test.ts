import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../../app.ts';
import { describe, expect } from 'vitest';
import { SESSION_COOKIE_NAME } from '../../plugins/openapi.ts';
import { identityHeaders, uniqueEmail } from '../../testing/accounts.ts';
import { appTest } from '../../testing/app-fixtures.ts';

const httpsTest = appTest({ config: { publicUrl: 'https://shop.example.test' } });
const plainHttpTest = appTest();

/**
 * The identity session lives in cookies (docs/architecture.md#identity-and-sessions): a script on
 * the page must never read them (HttpOnly), another site must not send them with its own POSTs
 * (SameSite), and under https they must never travel over plain http (Secure, and the `__Secure-`
 * prefix that makes the browser refuse them otherwise).
 */
async function identityCookies(app: App) {
  const email = uniqueEmail('cookies');
  const password = 'secret-pass-1';
  const calls: [string, LightMyRequestResponse][] = [];
  calls.push([
    'sign-up',
    await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: identityHeaders(app),
      payload: { email, password, name: 'Cookie Tester' },
    }),
  ]);
  calls.push([
    'sign-in',
    await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: identityHeaders(app),
      payload: { email, password },
    }),
  ]);
  for (const [name, response] of calls) expect(response.statusCode, name).toBe(200);
  return calls.flatMap(([name, response]) =>
    response.cookies.map((cookie) => ({ call: name, ...cookie })),
  );
}

describe('identity cookies under https', () => {
  httpsTest(
    'are HttpOnly, Secure, SameSite=Lax and carry the __Secure- prefix',
    async ({ app }) => {
      const cookies = await identityCookies(app);
      expect(cookies.map((cookie) => cookie.name)).toContain(`__Secure-${SESSION_COOKIE_NAME}`);
      for (const cookie of cookies) {
        const where = `${cookie.call}: ${cookie.name}`;
        expect(cookie.name, where).toMatch(/^__Secure-/);
        expect(cookie.httpOnly, where).toBe(true);
        expect(cookie.secure, where).toBe(true);
        expect(cookie.sameSite, where).toBe('Lax');
        expect(cookie.path, where).toBe('/');
      }
    },
  );
});

describe('identity cookies under plain http (a local start)', () => {
  plainHttpTest(
    'are HttpOnly and SameSite=Lax (Secure would keep them from ever coming back)',
    async ({ app }) => {
      const cookies = await identityCookies(app);
      expect(cookies.map((cookie) => cookie.name)).toContain(SESSION_COOKIE_NAME);
      for (const cookie of cookies) {
        const where = `${cookie.call}: ${cookie.name}`;
        expect(cookie.httpOnly, where).toBe(true);
        expect(cookie.sameSite, where).toBe('Lax');
        expect(cookie.secure, where).not.toBe(true);
      }
    },
  );
});
