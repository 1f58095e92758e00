import { describe, expect } from 'vitest';
import { decodeJwt } from 'jose';
import type { LightMyRequestResponse } from 'fastify';
import { texts } from '@tools-factory/contract';
import type { App } from '../../app.ts';
import { appTest, closeAtEnd, openTestApp } from '../../testing/app-fixtures.ts';
import {
  cookiesOf,
  identityHeaders,
  requestAccessToken,
  signUpTestAccount,
  uniqueEmail,
} from '../../testing/accounts.ts';
import { pathAndQuery, verifyEmailThroughOutbox } from '../../testing/mail.ts';
import { startLocalOidcProvider } from '../../testing/oidc-provider.ts';

const googleTest = appTest()
  // eslint-disable-next-line no-empty-pattern -- Vitest reads a fixture's dependencies from this pattern
  .extend('provider', { scope: 'file' }, async ({}, tools) =>
    closeAtEnd(
      await startLocalOidcProvider({
        email: 'gina@example.com',
        emailVerified: true,
        name: 'Gina',
      }),
      tools,
    ),
  )
  .extend('app', { scope: 'file' }, ({ provider }, tools) =>
    openTestApp({ config: { google: provider.googleConfig() } }, tools),
  );
const withoutGoogleTest = appTest();

/** The app's log lines at warn level and above, as pino writes them (one JSON object a line). */
const loggedLines: Array<{ level: number; msg: string; client?: string | null }> = [];
/** pino's levels. */
const WARN = 40;
const ERROR = 50;
const loggingGoogleTest = googleTest.extend('app', { scope: 'file' }, ({ provider }, tools) =>
  openTestApp(
    {
      config: { google: provider.googleConfig(), logLevel: 'warn' },
      logStream: { write: (line) => void loggedLines.push(JSON.parse(line)) },
    },
    tools,
  ),
);

/** The body the web app sends (authClient.signIn.social): the generic OAuth plugin's provider. */
const GOOGLE_SIGN_IN = '/api/auth/sign-in/social';

/** POST sign-in/social: the provider's authorization URL and the state cookie(s). */
async function startGoogleSignIn(
  app: App,
  body: object = { provider: 'google', callbackURL: '/', errorCallbackURL: '/login' },
): Promise<{ url: string; cookie: string; response: LightMyRequestResponse }> {
  const response = await app.inject({
    method: 'POST',
    url: GOOGLE_SIGN_IN,
    headers: identityHeaders(app),
    payload: body,
  });
  const url = response.statusCode === 200 ? (response.json() as { url: string }).url : '';
  return { url, cookie: cookiesOf(response), response };
}

/** The provider's answer to the browser: a redirect back to our callback with code and state. */
async function authorizeAtProvider(url: string): Promise<URL> {
  const response = await fetch(url, { redirect: 'manual' });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location')!);
}

/** The whole redirect flow; answers the callback's response and the session cookie it set. */
async function googleSignIn(
  app: App,
): Promise<{ callback: LightMyRequestResponse; cookie: string }> {
  const start = await startGoogleSignIn(app);
  expect(start.response.statusCode).toBe(200);
  const back = await authorizeAtProvider(start.url);
  const callback = await app.inject({
    method: 'GET',
    url: pathAndQuery(back.href),
    headers: { cookie: start.cookie },
  });
  return { callback, cookie: cookiesOf(callback) };
}

describe('Google sign-in through the generic OAuth plugin, against a local OpenID provider', () => {
  googleTest(
    'answers the provider authorization URL (PKCE, state, nonce, our callback)',
    async ({ app, provider }) => {
      const { url, cookie, response } = await startGoogleSignIn(app);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ redirect: true });
      const authorize = new URL(url);
      expect(`${authorize.origin}${authorize.pathname}`).toBe(`${provider.issuer}/authorize`);
      const query = Object.fromEntries(authorize.searchParams);
      expect(query).toMatchObject({
        response_type: 'code',
        client_id: 'tools-factory-test',
        redirect_uri: `${app.config.publicUrl}/api/auth/callback/google`,
        code_challenge_method: 'S256',
      });
      expect(query.scope?.split(' ')).toEqual(
        expect.arrayContaining(['openid', 'email', 'profile']),
      );
      expect(query.state).toBeTruthy();
      expect(query.code_challenge).toBeTruthy();
      expect(query.nonce).toBeTruthy();
      expect(cookie).toMatch(/state/);
    },
  );

  googleTest(
    'runs the whole redirect flow: a session for Gina, then her access token',
    async ({ app }) => {
      const { callback, cookie } = await googleSignIn(app);
      expect(callback.statusCode).toBe(302);
      expect(callback.headers.location).toBe('/');
      expect(cookie).toMatch(/session_token=/);

      const session = await app.inject({
        method: 'GET',
        url: '/api/auth/get-session',
        headers: identityHeaders(app, cookie),
      });
      expect(session.json()).toMatchObject({
        user: { email: 'gina@example.com', name: 'Gina', emailVerified: true, role: 'user' },
      });

      const put = await app.inject({
        method: 'PUT',
        url: '/api/user/gina@example.com',
        headers: identityHeaders(app, cookie),
        payload: { email: 'gina@example.com', name: 'Gina' },
      });
      expect(put.statusCode).toBe(200);
      const { token } = put.json() as { token: string };
      const gina = await app.identity.findByEmail('gina@example.com');
      expect(decodeJwt(token).sub).toBe(gina?.id);
      const admin = await app.inject({
        method: 'GET',
        url: '/api/admin/gina@example.com',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(admin.json()).toEqual({ admin: false });

      // Signing in again is the same account.
      const again = await googleSignIn(app);
      expect(again.callback.statusCode).toBe(302);
      const { userId } = await requestAccessToken(app, again.cookie, 'gina@example.com');
      expect(userId).toBe(gina?.id);
      expect(
        (await app.identity.list()).filter((a) => a.email === 'gina@example.com'),
      ).toHaveLength(1);
    },
  );

  googleTest(
    'links Google to an existing password account once its e-mail is verified',
    async ({ app, provider }) => {
      const email = uniqueEmail('linked');
      const account = await signUpTestAccount(app, { email, name: 'Lin' });
      provider.setUser({ sub: 'google-subject-linked', email, name: 'Lin Google' });
      try {
        // Unverified: someone may have signed up with another person's address; no link.
        const refused = await googleSignIn(app);
        expect(refused.callback.statusCode).toBe(302);
        expect(refused.callback.headers.location).toBe('/login?error=account_not_linked');
        expect(refused.cookie).not.toMatch(/session_token=[^;]/);

        await verifyEmailThroughOutbox(app, account);
        const { callback, cookie } = await googleSignIn(app);
        expect(callback.statusCode).toBe(302);
        expect(callback.headers.location).toBe('/');
        const { userId } = await requestAccessToken(app, cookie, email);
        expect(userId).toBe(account.userId);
        // The password still works too.
        const signIn = await app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          headers: identityHeaders(app),
          payload: { email, password: account.password },
        });
        expect(signIn.statusCode).toBe(200);
      } finally {
        provider.setUser({ sub: 'google-subject-1', email: 'gina@example.com', name: 'Gina' });
      }
    },
  );

  googleTest(
    'refuses a callback whose state is not ours: back to the error page, no session',
    async ({ app }) => {
      const start = await startGoogleSignIn(app);
      const back = await authorizeAtProvider(start.url);
      back.searchParams.set('state', 'forged-state');
      const callback = await app.inject({
        method: 'GET',
        url: pathAndQuery(back.href),
        headers: { cookie: start.cookie },
      });
      expect(callback.statusCode).toBe(302);
      const location = new URL(String(callback.headers.location), app.config.publicUrl);
      expect(location.searchParams.get('error')).toBeTruthy();
      expect(cookiesOf(callback)).not.toMatch(/session_token=[^;]/);
    },
  );

  loggingGoogleTest(
    'logs a forged state and an off-site callback URL as warnings with the client address, never as errors (issue 40 item 6)',
    async ({ app }) => {
      const start = await startGoogleSignIn(app);
      const back = await authorizeAtProvider(start.url);
      back.searchParams.set('state', 'forged-state');
      loggedLines.length = 0;
      const callback = await app.inject({
        method: 'GET',
        url: pathAndQuery(back.href),
        headers: { cookie: start.cookie },
        remoteAddress: '203.0.113.7',
      });
      expect(callback.statusCode).toBe(302);
      const offSite = await app.inject({
        method: 'POST',
        url: GOOGLE_SIGN_IN,
        headers: identityHeaders(app),
        payload: { provider: 'google', callbackURL: 'https://evil.example.com/' },
        remoteAddress: '203.0.113.8',
      });
      expect(offSite.statusCode).toBe(403);
      const identityLines = loggedLines.filter((line) => line.msg.startsWith('identity: '));
      expect(identityLines.filter((line) => line.level >= ERROR)).toEqual([]);
      const warnings = identityLines.filter((line) => line.level === WARN);
      expect(warnings).toEqual([
        expect.objectContaining({ msg: expect.stringMatching(/state/i), client: '203.0.113.7' }),
        expect.objectContaining({
          msg: expect.stringContaining('https://evil.example.com/'),
          client: '203.0.113.8',
        }),
      ]);
    },
  );

  googleTest(
    'refuses a callback without the state cookie of the browser that started it',
    async ({ app }) => {
      const start = await startGoogleSignIn(app);
      const back = await authorizeAtProvider(start.url);
      const callback = await app.inject({ method: 'GET', url: pathAndQuery(back.href) });
      expect(callback.statusCode).toBe(302);
      const location = new URL(String(callback.headers.location), app.config.publicUrl);
      expect(location.searchParams.get('error')).toBeTruthy();
      expect(cookiesOf(callback)).not.toMatch(/session_token=[^;]/);
    },
  );
});

describe('Google sign-in without Google credentials', () => {
  withoutGoogleTest(
    'answers 404 "Google sign-in is not available" instead of a broken redirect',
    async ({ app }) => {
      const { response } = await startGoogleSignIn(app);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({
        message: texts.identityErrors.googleUnavailable,
        statusCode: 404,
      });
    },
  );
});
