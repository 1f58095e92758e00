import { describe, expect, it } from 'vitest';
import { AdminCheckSchema } from '@tools-factory/contract';
import { bearer, requestAccessToken, uniqueEmail } from '../../testing/accounts.ts';
import { signInWithGoogle } from '../../testing/google-sign-in.ts';
import { startLocalOidcProvider } from '../../testing/oidc-provider.ts';
import { useStarted, useTestApp } from '../../testing/use-test-app.ts';

/**
 * ADMIN_EMAILS and Google: a provider that vouches for the address (email_verified) makes a
 * listed account an admin at creation; one that does not leaves it a user.
 * (E-mail and password sign-ups: users.routes.test.ts.)
 */
describe('ADMIN_EMAILS with Google sign-in', () => {
  const vouched = uniqueEmail('google-boss');
  const unvouched = uniqueEmail('google-unverified');
  const provider = useStarted('The OpenID provider', () => startLocalOidcProvider());
  const app = useTestApp(() => ({
    config: { google: provider.googleConfig(), adminEmails: [vouched, unvouched] },
  }));

  const isAdminAfterGoogleSignIn = async (email: string) => {
    const { callback, cookie } = await signInWithGoogle(app);
    expect(callback.headers.location).toBe('/');
    const { token } = await requestAccessToken(app, cookie, email);
    const response = await app.inject({
      method: 'GET',
      url: `/api/admin/${encodeURIComponent(email)}`,
      headers: bearer(token),
    });
    return AdminCheckSchema.parse(response.json()).admin;
  };

  it('a listed address the provider says is verified is an admin from its first sign-in', async () => {
    provider.setUser({ sub: 'google-boss', email: vouched, emailVerified: true });
    expect(await isAdminAfterGoogleSignIn(vouched)).toBe(true);
    expect(await app.identity.findByEmail(vouched)).toMatchObject({
      role: 'admin',
      emailVerified: true,
    });
  });

  it('a listed address the provider does not vouch for stays a user', async () => {
    provider.setUser({ sub: 'google-unverified', email: unvouched, emailVerified: false });
    expect(await isAdminAfterGoogleSignIn(unvouched)).toBe(false);
    expect((await app.identity.findByEmail(unvouched))?.role).toBe('user');
  });
});
