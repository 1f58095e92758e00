import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../app.ts';

export type TestAccount = {
  email: string;
  password: string;
  name: string;
  /** The identity session cookie(s), ready for a `cookie` header. */
  cookie: string;
  /** The access token answered by PUT /api/user/{email}. */
  token: string;
  userId: string;
};

/** Headers Better Auth wants on every call: an Origin matching its base URL. */
export function identityHeaders(app: App, cookie?: string): Record<string, string> {
  return { origin: app.config.publicUrl, ...(cookie ? { cookie } : {}) };
}

/** `name=value` pairs of a response's Set-Cookie headers, joined for a `cookie` request header. */
export function cookiesOf(response: LightMyRequestResponse): string {
  return response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

export function uniqueEmail(prefix = 'customer'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/**
 * Signs a new account up through Better Auth, as the web app does, then asks PUT /api/user for
 * the access token. Fails the test loudly if any step does not answer 200.
 */
export async function signUpTestAccount(
  app: App,
  options: { email?: string; password?: string; name?: string } = {},
): Promise<TestAccount> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? 'anvil-ledger-42';
  const name = options.name ?? 'Test Customer';
  const signUp = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: identityHeaders(app),
    payload: { email, password, name },
  });
  if (signUp.statusCode !== 200)
    throw new Error(`sign-up failed: ${signUp.statusCode} ${signUp.body}`);
  const cookie = cookiesOf(signUp);
  const { token, userId } = await requestAccessToken(app, cookie, email, name);
  return { email, password, name, cookie, token, userId };
}

/**
 * Signs an existing account in with its password, as the login page does, then asks PUT
 * /api/user for the access token. Fails the test loudly if any step does not answer 200.
 */
export async function signInTestAccount(
  app: App,
  options: { email: string; password: string; name?: string },
): Promise<TestAccount> {
  const { email, password, name = 'Test Customer' } = options;
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: identityHeaders(app),
    payload: { email, password },
  });
  if (signIn.statusCode !== 200) {
    throw new Error(`sign-in failed: ${signIn.statusCode} ${signIn.body}`);
  }
  const cookie = cookiesOf(signIn);
  const { token, userId } = await requestAccessToken(app, cookie, email);
  return { email, password, name, cookie, token, userId };
}

/**
 * PUT /api/user/{email} with the account's identity session (its cookie), and `name` when given:
 * the answer as it comes, an access token or a refusal.
 */
export function renewAccessToken(
  app: App,
  account: { email: string; cookie: string },
  name?: string,
) {
  return app.inject({
    method: 'PUT',
    url: `/api/user/${encodeURIComponent(account.email)}`,
    headers: identityHeaders(app, account.cookie),
    payload: { email: account.email, ...(name ? { name } : {}) },
  });
}

/** PUT /api/user/{email} with an identity session: the access token. */
export async function requestAccessToken(
  app: App,
  cookie: string,
  email: string,
  name?: string,
): Promise<{ token: string; userId: string }> {
  const response = await renewAccessToken(app, { email, cookie }, name);
  if (response.statusCode !== 200) {
    throw new Error(`PUT /api/user failed: ${response.statusCode} ${response.body}`);
  }
  const token = (response.json() as { token: string }).token;
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    sub: string;
  };
  return { token, userId: payload.sub };
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}
