import { describe, expect } from 'vitest';
import { texts } from '@tools-factory/contract';
import { postIdentity } from '../../testing/requests.ts';
import type { App } from '../../app.ts';
import { test } from '../../testing/app-fixtures.ts';
import {
  cookiesOf,
  identityHeaders,
  signUpTestAccount,
  uniqueEmail,
} from '../../testing/accounts.ts';
import { firstLink, latestOutboxMail, pathAndQuery, readOutbox } from '../../testing/mail.ts';

const errorsText = texts.identityErrors;

const it = test.extend('ann', { scope: 'file' }, ({ app }) =>
  signUpTestAccount(app, { email: uniqueEmail('ann'), password: 'ann-anvil-ledger-42' }),
);

describe('identity: sign-up, sign-in, e-mail verification, password reset', () => {
  const signIn = (app: App, email: string, password: string) =>
    postIdentity(app, '/sign-in/email', { email, password });
  const session = async (app: App, cookie: string) => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: identityHeaders(app, cookie),
    });
    expect(response.statusCode).toBe(200);
    return response.json() as { user: { email: string; emailVerified: boolean } } | null;
  };
  const putUser = (app: App, email: string, cookie: string) =>
    app.inject({
      method: 'PUT',
      url: `/api/user/${email}`,
      headers: identityHeaders(app, cookie),
      payload: { email },
    });
  /** The verification e-mail asked for by the account's own session, back to `callbackURL`. */
  const askForVerification = (
    app: App,
    account: { email: string; cookie: string },
    callbackURL: string,
  ) =>
    postIdentity(
      app,
      '/send-verification-email',
      { email: account.email, callbackURL },
      account.cookie,
    );

  describe('sign-up and sign-in', () => {
    it('signs a new account in at once: its session answers get-session', async ({ app, ann }) => {
      expect(await session(app, ann.cookie)).toMatchObject({
        user: { email: ann.email, emailVerified: false },
      });
    });

    it('signs in with the right password: 200, a session cookie that gets the token', async ({
      app,
      ann,
    }) => {
      const response = await signIn(app, ann.email, 'ann-anvil-ledger-42');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ user: { email: ann.email } });
      const cookie = cookiesOf(response);
      expect(cookie).toMatch(/session_token=/);
      expect((await putUser(app, ann.email, cookie)).statusCode).toBe(200);
    });

    it('signs in with the e-mail in another case', async ({ app, ann }) => {
      expect((await signIn(app, ann.email.toUpperCase(), 'ann-anvil-ledger-42')).statusCode).toBe(
        200,
      );
    });

    it('answers 401 "wrong e-mail or password" for a known e-mail with a wrong password', async ({
      app,
      ann,
    }) => {
      const response = await signIn(app, ann.email, 'not-the-password');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        message: errorsText.wrongEmailOrPassword,
        statusCode: 401,
      });
      expect(response.cookies).toHaveLength(0);
    });

    it('answers 401 "wrong e-mail or password" for an unknown e-mail too', async ({ app }) => {
      const response = await signIn(app, uniqueEmail('nobody'), 'whatever1');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        message: errorsText.wrongEmailOrPassword,
        statusCode: 401,
      });
    });

    it('refuses a sign-up with an e-mail in use (in any case): "e-mail in use"', async ({
      app,
      ann,
    }) => {
      for (const email of [ann.email, ann.email.toUpperCase()]) {
        const response = await postIdentity(app, '/sign-up/email', {
          email,
          password: 'another-anvil-ledger-42',
          name: 'Impostor',
        });
        expect(response.statusCode, email).toBe(422);
        expect(response.json()).toMatchObject({ message: errorsText.emailInUse, statusCode: 422 });
      }
      // The account keeps its password.
      expect((await signIn(app, ann.email, 'ann-anvil-ledger-42')).statusCode).toBe(200);
    });

    it('refuses a password shorter than 6 characters, and takes one of 6', async ({ app }) => {
      const email = uniqueEmail('short');
      const short = await postIdentity(app, '/sign-up/email', {
        email,
        password: '12345',
        name: 'Short',
      });
      expect(short.statusCode).toBe(400);
      expect(short.json()).toMatchObject({
        message: texts.validation.passwordTooShort,
        statusCode: 400,
      });
      expect(await app.identity.findByEmail(email)).toBeUndefined();
      const six = await postIdentity(app, '/sign-up/email', {
        email,
        password: 'q7#Zx!',
        name: 'Six',
      });
      expect(six.statusCode).toBe(200);
    });

    it('refuses a request from another origin', async ({ app, ann }) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: 'https://evil.example' },
        payload: { email: ann.email, password: 'ann-anvil-ledger-42' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.cookies).toHaveLength(0);
    });

    it('refuses a cookie-carrying request without an Origin (CSRF)', async ({ app, ann }) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/update-user',
        headers: { cookie: ann.cookie },
        payload: { name: 'Changed Without Origin' },
      });
      expect(response.statusCode).toBe(403);
      expect((await app.identity.findByEmail(ann.email))?.name).not.toBe('Changed Without Origin');
    });

    it('sets the display name (the sign-up sequence), but never the role', async ({ app }) => {
      const account = await signUpTestAccount(app, { name: 'Before' });
      const name = await postIdentity(app, '/update-user', { name: 'After' }, account.cookie);
      expect(name.statusCode).toBe(200);
      expect((await app.identity.findByEmail(account.email))?.name).toBe('After');
      const role = await postIdentity(app, '/update-user', { role: 'admin' }, account.cookie);
      expect(role.statusCode).toBe(400);
      expect((await app.identity.findByEmail(account.email))?.role).toBe('user');
    });

    it('answers a malformed e-mail with the validation message of the forms', async ({ app }) => {
      const response = await signIn(app, 'not-an-email', 'whatever1');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: texts.validation.emailInvalid });
    });

    it('answers an unknown /api/auth path with a JSON 404', async ({ app }) => {
      for (const method of ['GET', 'POST'] as const) {
        const response = await app.inject({
          method,
          url: '/api/auth/no-such-endpoint',
          headers: identityHeaders(app),
          ...(method === 'POST' ? { payload: {} } : {}),
        });
        expect(response.statusCode).toBe(404);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(response.json()).toEqual({
          message: `Route ${method}:/api/auth/no-such-endpoint not found`,
          statusCode: 404,
        });
      }
    });

    it('signs out: the session ends', async ({ app, ann }) => {
      const cookie = cookiesOf(await signIn(app, ann.email, 'ann-anvil-ledger-42'));
      const out = await postIdentity(app, '/sign-out', {}, cookie);
      expect(out.statusCode).toBe(200);
      expect(await session(app, cookie)).toBeNull();
      expect((await putUser(app, ann.email, cookie)).statusCode).toBe(401);
    });
  });

  describe('e-mail verification', () => {
    it('sends the link the client asks for, and the link verifies the e-mail', async ({ app }) => {
      const account = await signUpTestAccount(app, { name: 'Vera' });
      // Not sent on sign-up: the client's sign-up sequence asks for it.
      expect((await readOutbox(app)).filter((mail) => mail.headers.to === account.email)).toEqual(
        [],
      );
      const send = await askForVerification(app, account, '/');
      expect(send.statusCode).toBe(200);

      const mail = await latestOutboxMail(app, account.email, 'Verify');
      const link = firstLink(mail.text);
      expect(link.startsWith(`${app.config.publicUrl}/api/auth/verify-email?token=`)).toBe(true);

      const follow = await app.inject({
        method: 'GET',
        url: pathAndQuery(link),
        headers: identityHeaders(app),
      });
      expect(follow.statusCode).toBe(302);
      expect(follow.headers.location).toBe('/');
      expect(await session(app, account.cookie)).toMatchObject({
        user: { email: account.email, emailVerified: true },
      });
      expect((await app.identity.findByEmail(account.email))?.emailVerified).toBe(true);
    });

    it('a broken verification link verifies nothing', async ({ app }) => {
      const account = await signUpTestAccount(app);
      const response = await app.inject({
        method: 'GET',
        url: '/api/auth/verify-email?token=not-a-token&callbackURL=/',
        headers: identityHeaders(app),
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(300);
      expect((await app.identity.findByEmail(account.email))?.emailVerified).toBe(false);
    });
  });

  describe('password reset', () => {
    it('mails a link to /reset-password; the new password works, the old one and its sessions do not', async ({
      app,
    }) => {
      const account = await signUpTestAccount(app, { password: 'old-anvil-ledger-42' });
      const otherSession = cookiesOf(await signIn(app, account.email, 'old-anvil-ledger-42'));

      const request = await postIdentity(app, '/request-password-reset', {
        email: account.email,
        redirectTo: '/reset-password',
      });
      expect(request.statusCode).toBe(200);
      const mail = await latestOutboxMail(app, account.email, 'Reset');
      const link = firstLink(mail.text);
      expect(link.startsWith(`${app.config.publicUrl}/api/auth/reset-password/`)).toBe(true);

      const follow = await app.inject({ method: 'GET', url: pathAndQuery(link) });
      expect(follow.statusCode).toBe(302);
      const location = new URL(String(follow.headers.location), app.config.publicUrl);
      expect(location.pathname).toBe('/reset-password');
      const token = location.searchParams.get('token');
      expect(token).toBeTruthy();

      const reset = await postIdentity(app, '/reset-password', {
        newPassword: 'new-anvil-ledger-42',
        token,
      });
      expect(reset.statusCode).toBe(200);

      const old = await signIn(app, account.email, 'old-anvil-ledger-42');
      expect(old.statusCode).toBe(401);
      expect(old.json()).toMatchObject({ message: errorsText.wrongEmailOrPassword });
      expect((await signIn(app, account.email, 'new-anvil-ledger-42')).statusCode).toBe(200);

      // Every session open before the reset is ended.
      for (const cookie of [account.cookie, otherSession]) {
        expect(await session(app, cookie)).toBeNull();
        expect((await putUser(app, account.email, cookie)).statusCode).toBe(401);
      }

      // The link works once.
      const reused = await postIdentity(app, '/reset-password', {
        newPassword: 'third-anvil-ledger-42',
        token,
      });
      expect(reused.statusCode).toBe(400);
      expect(reused.json()).toMatchObject({
        message: errorsText.invalidResetLink,
        statusCode: 400,
      });
      expect((await signIn(app, account.email, 'new-anvil-ledger-42')).statusCode).toBe(200);
    });

    it('answers "invalid reset link" for a made-up token, on the page link and the form', async ({
      app,
    }) => {
      const post400 = await postIdentity(app, '/reset-password', {
        newPassword: 'new-anvil-ledger-42',
        token: 'made-up-token',
      });
      expect(post400.statusCode).toBe(400);
      expect(post400.json()).toMatchObject({ message: errorsText.invalidResetLink });

      const follow = await app.inject({
        method: 'GET',
        url: '/api/auth/reset-password/made-up-token?callbackURL=%2Freset-password',
      });
      expect(follow.statusCode).toBe(302);
      const location = new URL(String(follow.headers.location), app.config.publicUrl);
      expect(location.pathname).toBe('/reset-password');
      expect(location.searchParams.get('error')).toBe('INVALID_TOKEN');
    });

    it('refuses a new password shorter than 6 characters and keeps the link usable', async ({
      app,
    }) => {
      const account = await signUpTestAccount(app, { password: 'old-anvil-ledger-42' });
      await postIdentity(app, '/request-password-reset', {
        email: account.email,
        redirectTo: '/reset-password',
      });
      const link = firstLink((await latestOutboxMail(app, account.email, 'Reset')).text);
      const token = new URL(link).pathname.split('/').at(-1);
      const short = await postIdentity(app, '/reset-password', { newPassword: '12345', token });
      expect(short.statusCode).toBe(400);
      expect(short.json()).toMatchObject({ message: texts.validation.passwordTooShort });
      expect(
        (await postIdentity(app, '/reset-password', { newPassword: 'q7#Zx!', token })).statusCode,
      ).toBe(200);
    });

    it('refuses to send reset or verification links that lead to another site', async ({ app }) => {
      const account = await signUpTestAccount(app);
      const reset = await postIdentity(app, '/request-password-reset', {
        email: account.email,
        redirectTo: 'https://evil.example/steal',
      });
      expect(reset.statusCode).toBe(403);
      const verify = await askForVerification(app, account, 'https://evil.example/steal');
      expect(verify.statusCode).toBe(403);
      expect((await readOutbox(app)).some((mail) => mail.headers.to === account.email)).toBe(false);
    });

    it('answers the same for an unknown e-mail, and sends nothing', async ({ app }) => {
      const email = uniqueEmail('ghost');
      const response = await postIdentity(app, '/request-password-reset', {
        email,
        redirectTo: '/reset-password',
      });
      expect(response.statusCode).toBe(200);
      expect((await readOutbox(app)).some((mail) => mail.headers.to === email)).toBe(false);
    });
  });
});
