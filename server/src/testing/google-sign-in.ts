import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../app.ts';
import { cookiesOf, identityHeaders } from './accounts.ts';
import { pathAndQuery } from './mail.ts';

/**
 * The whole Google redirect flow against the local OpenID provider, as a browser runs it: start
 * (POST sign-in/social), authorize at the provider, come back to our callback. Answers the
 * callback's response and the session cookie it set; fails loudly if the start is refused.
 */
export async function signInWithGoogle(
  app: App,
): Promise<{ callback: LightMyRequestResponse; cookie: string }> {
  const start = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    headers: identityHeaders(app),
    payload: { provider: 'google', callbackURL: '/', errorCallbackURL: '/login' },
  });
  if (start.statusCode !== 200) throw new Error(`sign-in/social: ${start.statusCode}`);
  const authorize = await fetch((start.json() as { url: string }).url, { redirect: 'manual' });
  const back = authorize.headers.get('location');
  if (authorize.status !== 302 || !back) throw new Error(`provider: ${authorize.status}`);
  const callback = await app.inject({
    method: 'GET',
    url: pathAndQuery(back),
    headers: { cookie: cookiesOf(start) },
  });
  return { callback, cookie: cookiesOf(callback) };
}
