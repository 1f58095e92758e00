import { describe, expect } from 'vitest';
import { AdminCheckSchema } from '@tools-factory/contract';
import type { App } from '../../app.ts';
import {
  bearer,
  requestAccessToken,
  signInTestAccount,
  signUpTestAccount,
  uniqueEmail,
} from '../../testing/accounts.ts';
import { signInWithGoogle } from '../../testing/google-sign-in.ts';
import { resetPasswordThroughOutbox, verifyEmailThroughOutbox } from '../../testing/mail.ts';
import { startLocalOidcProvider } from '../../testing/oidc-provider.ts';
import { appTest, closeAtEnd, openTestApp } from '../../testing/app-fixtures.ts';

const OWNER_PASSWORD = 'owner-chose-this-1';

const boss = uniqueEmail('boss');
const resetTest = appTest({ config: { adminEmails: [boss] } });

const vouched = uniqueEmail('google-boss');
const googleTest = appTest()
  // eslint-disable-next-line no-empty-pattern -- Vitest reads a fixture's dependencies from this pattern
  .extend('provider', { scope: 'file' }, async ({}, tools) =>
    closeAtEnd(await startLocalOidcProvider(), tools),
  )
  .extend('app', { scope: 'file' }, ({ provider }, tools) =>
    openTestApp({ config: { google: provider.googleConfig(), adminEmails: [vouched] } }, tools),
  );

const adminCheck = (app: App, email: string, token: string) =>
  app.inject({
    method: 'GET',
    url: `/api/admin/${encodeURIComponent(email)}`,
    headers: bearer(token),
  });

const isAdmin = async (app: App, email: string, token: string) => {
  const response = await adminCheck(app, email, token);
  expect(response.statusCode).toBe(200);
  return AdminCheckSchema.parse(response.json()).admin;
};

/**
 * ADMIN_EMAILS makes an admin of the person who holds both the mailbox and the password: a
 * listed address becomes an admin only when its password is set through the e-mailed reset link,
 * which ends every other session of the account. Verification alone grants nothing, and a
 * session opened before never gains admin (issue 22, item 1: admin by squatting).
 */
describe('ADMIN_EMAILS: admin only through the e-mailed password reset', () => {
  resetTest(
    "a squatter's session stays a user after the owner verifies, and dies when the owner resets",
    async ({ app }) => {
      // The attacker signs up first with the listed address, keeps session and token, and asks
      // for the verification e-mail; the real owner follows the link.
      const attacker = await signUpTestAccount(app, { email: boss, password: 'squatter-pass-9' });
      const accomplice = await signUpTestAccount(app, { name: 'Accomplice' });
      await verifyEmailThroughOutbox(app, attacker);
      expect(await app.identity.findByEmail(boss)).toMatchObject({
        role: 'user',
        emailVerified: true,
      });

      // Neither the token held nor a new one from the same session is an admin's.
      expect(await isAdmin(app, boss, attacker.token)).toBe(false);
      const renewed = await requestAccessToken(app, attacker.cookie, boss);
      expect(await isAdmin(app, boss, renewed.token)).toBe(false);
      const promote = await app.inject({
        method: 'PUT',
        url: `/api/user/admin/${encodeURIComponent(accomplice.email)}`,
        headers: bearer(renewed.token),
      });
      expect(promote.statusCode).toBe(403);
      expect((await app.identity.findByEmail(accomplice.email))?.role).toBe('user');

      // The owner sets the password through the e-mailed link, then signs in: an admin.
      await resetPasswordThroughOutbox(app, boss, OWNER_PASSWORD);
      const owner = await signInTestAccount(app, { email: boss, password: OWNER_PASSWORD });
      expect(await isAdmin(app, boss, owner.token)).toBe(true);

      // The attacker's session and both its access tokens are dead.
      for (const token of [attacker.token, renewed.token]) {
        expect((await adminCheck(app, boss, token)).statusCode).toBe(401);
      }
      const fromOldSession = await app.inject({
        method: 'PUT',
        url: `/api/user/${encodeURIComponent(boss)}`,
        headers: { origin: app.config.publicUrl, cookie: attacker.cookie },
        payload: { email: boss },
      });
      expect(fromOldSession.statusCode).toBe(401);
      // Nor does the old password open a new one.
      const oldPassword = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: app.config.publicUrl },
        payload: { email: boss, password: attacker.password },
      });
      expect(oldPassword.statusCode).toBe(401);
    },
  );

  resetTest('a reset grants nothing to an unlisted address', async ({ app }) => {
    const account = await signUpTestAccount(app, { name: 'Unlisted' });
    await resetPasswordThroughOutbox(app, account.email, OWNER_PASSWORD);
    const again = await signInTestAccount(app, { email: account.email, password: OWNER_PASSWORD });
    expect(await isAdmin(app, account.email, again.token)).toBe(false);
  });
});

/**
 * ADMIN_EMAILS and Google: a provider vouching for the address proves the mailbox, not the
 * password, so a listed address signed in with Google is a user until its owner sets a password
 * through the e-mailed reset link.
 */
describe('ADMIN_EMAILS with Google sign-in', () => {
  googleTest(
    'a listed address the provider vouches for is a user until the owner resets the password',
    async ({ app, provider }) => {
      provider.setUser({ sub: 'google-boss', email: vouched, emailVerified: true });
      const { callback, cookie } = await signInWithGoogle(app);
      expect(callback.headers.location).toBe('/');
      const { token } = await requestAccessToken(app, cookie, vouched);
      expect(await isAdmin(app, vouched, token)).toBe(false);
      expect(await app.identity.findByEmail(vouched)).toMatchObject({
        role: 'user',
        emailVerified: true,
      });

      await resetPasswordThroughOutbox(app, vouched, OWNER_PASSWORD);
      expect((await adminCheck(app, vouched, token)).statusCode).toBe(401);
      const owner = await signInTestAccount(app, { email: vouched, password: OWNER_PASSWORD });
      expect(await isAdmin(app, vouched, owner.token)).toBe(true);
    },
  );
});
