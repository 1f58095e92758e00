import { eq } from 'drizzle-orm';
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
  type TestAccount,
} from '../../testing/accounts.ts';
import { firstLink, latestOutboxMail, pathAndQuery } from '../../testing/mail.ts';
import { users } from './identity.table.ts';

const errorsText = texts.identityErrors;

const it = test.extend('nora', { scope: 'file' }, ({ app }) =>
  signUpTestAccount(app, { name: 'Nora Smith' }),
);

describe('identity endpoints: only those the product uses, with only the fields it sends', () => {
  /** What the users table holds for the account (the image too, which no service reads). */
  const stored = async (app: App, account: TestAccount) => {
    const [user] = await app.database.db
      .select({ name: users.name, image: users.image, role: users.role })
      .from(users)
      .where(eq(users.email, account.email));
    return user;
  };

  describe('update-user takes the name only, with the limits of PUT /user', () => {
    it('refuses a 90,000-character name: 400, nothing stored', async ({ app, nora }) => {
      const response = await postIdentity(
        app,
        '/update-user',
        { name: 'N'.repeat(90_000) },
        nora.cookie,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: texts.fieldErrors.tooLong('name', 120),
        statusCode: 400,
      });
      expect(await stored(app, nora)).toEqual({ name: 'Nora Smith', image: null, role: 'user' });
    });

    it('refuses an image link, alone or beside a good name: 400, nothing stored', async ({
      app,
      nora,
    }) => {
      for (const payload of [
        { image: 'javascript:alert(1)' },
        { name: 'Nora Image', image: 'javascript:alert(1)' },
      ]) {
        const response = await postIdentity(app, '/update-user', payload, nora.cookie);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          message: errorsText.unexpectedFields(['image'], ['name']),
          statusCode: 400,
        });
      }
      expect(await stored(app, nora)).toEqual({ name: 'Nora Smith', image: null, role: 'user' });
    });

    it('refuses a role, and any other field: 400, nothing stored', async ({ app, nora }) => {
      for (const payload of [
        { role: 'admin' },
        { name: 'Nora Admin', role: 'admin' },
        { name: 'Nora', emailVerified: true },
      ]) {
        const response = await postIdentity(app, '/update-user', payload, nora.cookie);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      }
      expect(await stored(app, nora)).toEqual({ name: 'Nora Smith', image: null, role: 'user' });
      expect((await app.identity.findByEmail(nora.email))?.emailVerified).toBe(false);
    });

    it('refuses an empty name, a name with a NUL character, and a name that is not text', async ({
      app,
      nora,
    }) => {
      for (const [name, message] of [
        ['   ', texts.fieldErrors.required('name')],
        ['Nora\u0000Smith', texts.fieldErrors.nulCharacter('name')],
        [42, texts.fieldErrors.notText('name')],
      ] as const) {
        const response = await postIdentity(app, '/update-user', { name }, nora.cookie);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ message, statusCode: 400 });
      }
      expect(await stored(app, nora)).toEqual({ name: 'Nora Smith', image: null, role: 'user' });
    });

    it('sets a good name, trimmed, as the sign-up sequence does', async ({ app, nora }) => {
      const response = await postIdentity(
        app,
        '/update-user',
        { name: '  Nora Jones  ' },
        nora.cookie,
      );
      expect(response.statusCode).toBe(200);
      expect(await stored(app, nora)).toEqual({ name: 'Nora Jones', image: null, role: 'user' });
    });
  });

  it('refuses fields the web app does not send on sign-up and Google sign-in, and bodies that are no object', async ({
    app,
  }) => {
    const signUp = await postIdentity(app, '/sign-up/email', {
      email: uniqueEmail('pictured'),
      password: 'anvil-ledger-42',
      name: 'Pictured',
      image: 'javascript:alert(1)',
    });
    expect(signUp.statusCode).toBe(400);
    expect(signUp.json()).toMatchObject({
      message: errorsText.unexpectedFields(['image'], ['name', 'email', 'password']),
    });

    const longName = await postIdentity(app, '/sign-up/email', {
      email: uniqueEmail('long'),
      password: 'anvil-ledger-42',
      name: 'N'.repeat(121),
    });
    expect(longName.statusCode).toBe(400);
    expect(longName.json()).toMatchObject({ message: texts.fieldErrors.tooLong('name', 120) });

    const notAnObject = await postIdentity(app, '/sign-in/email', [
      { email: 'x@example.com', password: 'p' },
    ]);
    expect(notAnObject.statusCode).toBe(400);
    expect(notAnObject.json()).toEqual({ message: errorsText.bodyNotObject, statusCode: 400 });

    const social = await postIdentity(app, '/sign-in/social', {
      provider: 'google',
      idToken: { token: 'forged' },
    });
    expect(social.statusCode).toBe(400);
    expect(social.json()).toMatchObject({
      message: errorsText.unexpectedFields(
        ['idToken'],
        ['provider', 'callbackURL', 'errorCallbackURL'],
      ),
    });
  });

  it('answers 404 for every identity endpoint the product does not use, and does nothing', async ({
    app,
  }) => {
    const account = await signUpTestAccount(app, {
      password: 'old-anvil-ledger-42',
      name: 'Una Used',
    });
    const unused: { method: 'GET' | 'POST'; path: string; payload?: object }[] = [
      { method: 'POST', path: '/change-email', payload: { newEmail: uniqueEmail('taken') } },
      { method: 'POST', path: '/change-password', payload: changePassword() },
      { method: 'POST', path: '/set-password', payload: { newPassword: 'new-anvil-ledger-42' } },
      { method: 'POST', path: '/verify-password', payload: { password: 'old-anvil-ledger-42' } },
      { method: 'POST', path: '/delete-user', payload: { password: 'old-anvil-ledger-42' } },
      { method: 'GET', path: '/delete-user/callback?token=x' },
      { method: 'GET', path: '/list-sessions' },
      { method: 'POST', path: '/revoke-session', payload: { token: 'x' } },
      { method: 'POST', path: '/revoke-sessions', payload: {} },
      { method: 'POST', path: '/revoke-other-sessions', payload: {} },
      { method: 'POST', path: '/update-session', payload: {} },
      { method: 'POST', path: '/link-social', payload: { provider: 'google' } },
      { method: 'POST', path: '/unlink-account', payload: { providerId: 'credential' } },
      { method: 'GET', path: '/list-accounts' },
      { method: 'GET', path: '/account-info' },
      { method: 'POST', path: '/get-access-token', payload: { providerId: 'google' } },
      { method: 'POST', path: '/refresh-token', payload: { providerId: 'google' } },
      { method: 'GET', path: '/ok' },
      { method: 'GET', path: '/error?error=x' },
      // Paths the product uses, with a method it does not.
      { method: 'GET', path: '/sign-out' },
      { method: 'POST', path: '/get-session', payload: {} },
      { method: 'POST', path: '/callback/google', payload: { code: 'x', state: 'y' } },
    ];
    for (const { method, path, payload } of unused) {
      const response = await app.inject({
        method,
        url: `/api/auth${path}`,
        headers: identityHeaders(app, account.cookie),
        ...(payload ? { payload } : {}),
      });
      const label = `${method} ${path}`;
      expect(response.statusCode, label).toBe(404);
      expect(response.json(), label).toEqual({
        message: `Route ${method}:/api/auth${path.split('?')[0]} not found`,
        statusCode: 404,
      });
      expect(response.cookies, label).toHaveLength(0);
    }

    // Nothing changed: same e-mail, same password, same name, the session still open.
    const user = await app.identity.findByEmail(account.email);
    expect(user?.name).toBe('Una Used');
    const signIn = await postIdentity(app, '/sign-in/email', {
      email: account.email,
      password: 'old-anvil-ledger-42',
    });
    expect(signIn.statusCode).toBe(200);
    const session = await app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: identityHeaders(app, account.cookie),
    });
    expect(session.json()).toMatchObject({ user: { email: account.email } });

    function changePassword() {
      return {
        currentPassword: 'old-anvil-ledger-42',
        newPassword: 'new-anvil-ledger-42',
        revokeOtherSessions: true,
      };
    }
  });

  describe('password reset links', () => {
    const requestReset = (app: App, email: string) =>
      postIdentity(app, '/request-password-reset', { email, redirectTo: '/reset-password' });
    const latestResetToken = async (app: App, email: string) => {
      const link = firstLink((await latestOutboxMail(app, email, 'Reset')).text);
      return { link, token: new URL(link).pathname.split('/').at(-1)! };
    };
    /** Waits until a second reset mail to `email` is in the outbox; answers its link's token. */
    const secondResetToken = async (app: App, email: string, firstToken: string) => {
      for (let tries = 0; tries < 200; tries += 1) {
        const latest = await latestResetToken(app, email);
        if (latest.token !== firstToken) return latest;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`no second reset mail to ${email}`);
    };

    /** A reset through a link's token; answers the response. */
    const resetWith = (app: App, token: string, newPassword: string) =>
      postIdentity(app, '/reset-password', { newPassword, token });
    /** The link, opened: back to the reset page with the error and no token when it is dead. */
    const expectDeadLink = async (app: App, link: { link: string; token: string }) => {
      const follow = await app.inject({ method: 'GET', url: pathAndQuery(link.link) });
      expect(follow.statusCode).toBe(302);
      const location = new URL(String(follow.headers.location), app.config.publicUrl);
      expect(location.searchParams.get('error')).toBe('INVALID_TOKEN');
      expect(location.searchParams.get('token')).toBeNull();
      const reset = await resetWith(app, link.token, 'dead-anvil-ledger-42');
      expect(reset.statusCode).toBe(400);
      expect(reset.json()).toMatchObject({ message: errorsText.invalidResetLink, statusCode: 400 });
    };

    // Issue 40 item 4: a stranger's request cancelled the link the owner already held.
    it("a new request cancels nothing: the owner's earlier link still resets the password, and the newer one is dead once it has", async ({
      app,
    }) => {
      const account = await signUpTestAccount(app, { password: 'old-anvil-ledger-42' });
      expect((await requestReset(app, account.email)).statusCode).toBe(200);
      const owners = await latestResetToken(app, account.email);
      // Anyone may ask for another link to the address.
      expect((await requestReset(app, account.email)).statusCode).toBe(200);
      const strangers = await secondResetToken(app, account.email, owners.token);

      // The owner's link still opens the reset page with its token.
      const follow = await app.inject({ method: 'GET', url: pathAndQuery(owners.link) });
      expect(follow.statusCode).toBe(302);
      const location = new URL(String(follow.headers.location), app.config.publicUrl);
      expect(location.searchParams.get('token')).toBe(owners.token);
      expect((await resetWith(app, owners.token, 'owner-anvil-ledger-42')).statusCode).toBe(200);

      // Used, it ended every other link of the account.
      await expectDeadLink(app, strangers);
      const signIn = (password: string) =>
        postIdentity(app, '/sign-in/email', { email: account.email, password });
      expect((await signIn('owner-anvil-ledger-42')).statusCode).toBe(200);
      expect((await signIn('dead-anvil-ledger-42')).statusCode).toBe(401);
      expect((await signIn('old-anvil-ledger-42')).statusCode).toBe(401);
    });

    it('using the newer link ends the earlier one', async ({ app }) => {
      const account = await signUpTestAccount(app, { password: 'old-anvil-ledger-42' });
      expect((await requestReset(app, account.email)).statusCode).toBe(200);
      const first = await latestResetToken(app, account.email);
      expect((await requestReset(app, account.email)).statusCode).toBe(200);
      const second = await secondResetToken(app, account.email, first.token);

      expect((await resetWith(app, second.token, 'second-anvil-ledger-42')).statusCode).toBe(200);
      await expectDeadLink(app, first);
      // A used link is dead too.
      await expectDeadLink(app, second);
      const signIn = (password: string) =>
        postIdentity(app, '/sign-in/email', { email: account.email, password });
      expect((await signIn('second-anvil-ledger-42')).statusCode).toBe(200);
      expect((await signIn('old-anvil-ledger-42')).statusCode).toBe(401);
    });

    it("one account's new link leaves other accounts' links working", async ({ app }) => {
      const ann = await signUpTestAccount(app, { password: 'ann-anvil-ledger-42' });
      const bob = await signUpTestAccount(app, { password: 'bob-anvil-ledger-42' });
      await requestReset(app, ann.email);
      const annToken = (await latestResetToken(app, ann.email)).token;
      await requestReset(app, bob.email);
      const bobToken = (await latestResetToken(app, bob.email)).token;

      const reset = await postIdentity(app, '/reset-password', {
        newPassword: 'ann-new-anvil-ledger-42',
        token: annToken,
      });
      expect(reset.statusCode).toBe(200);
      expect(
        (
          await postIdentity(app, '/reset-password', {
            newPassword: 'bob-new-anvil-ledger-42',
            token: bobToken,
          })
        ).statusCode,
      ).toBe(200);
      const signIn = await postIdentity(app, '/sign-in/email', {
        email: ann.email,
        password: 'ann-new-anvil-ledger-42',
      });
      expect(cookiesOf(signIn)).toMatch(/session_token=/);
    });
  });
});
