import { afterAll, describe, expect } from 'vitest';
import { SignJWT, decodeJwt } from 'jose';
import { AdminCheckSchema, UpsertUserResponseSchema, texts } from '@tools-factory/contract';
import type { App } from '../../app.ts';
import { buildTestApp } from '../../testing/build-test-app.ts';
import {
  bearer,
  cookiesOf,
  identityHeaders,
  requestAccessToken,
  signInTestAccount,
  signUpTestAccount,
  uniqueEmail,
} from '../../testing/accounts.ts';
import { createTestConfig } from '../../testing/test-config.ts';
import { resetPasswordThroughOutbox, verifyEmailThroughOutbox } from '../../testing/mail.ts';
import { openTestApp, test } from '../../testing/app-fixtures.ts';

const errorsText = texts.identityErrors;

const userTest = test
  .extend('ann', { scope: 'file' }, ({ app }) =>
    signUpTestAccount(app, { email: uniqueEmail('ann'), name: 'Ann' }),
  )
  .extend('bob', { scope: 'file' }, ({ app }) =>
    signUpTestAccount(app, { email: uniqueEmail('bob'), name: 'Bob' }),
  );

const boss = uniqueEmail('boss');
const later = uniqueEmail('later');
/** The first app on the file's database; a test builds a second one on it. */
const listTest = test.extend('first', { scope: 'file' }, async ({ database }, tools) =>
  openTestApp({ database: await database.connect(), config: { adminEmails: [boss] } }, tools),
);

describe('PUT /api/user/{email} and GET /api/admin/{email}', () => {
  const putUser = (app: App, email: string, cookie?: string, body: object = { email }) =>
    app.inject({
      method: 'PUT',
      url: `/api/user/${encodeURIComponent(email)}`,
      headers: identityHeaders(app, cookie),
      payload: body,
    });
  const getAdmin = (app: App, email: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: `/api/admin/${encodeURIComponent(email)}`, headers });

  userTest(
    'signs up a user, never an admin: a body that asks for a role is refused, nothing stored',
    async ({ app }) => {
      const email = uniqueEmail('eve');
      const signUp = (extra: Record<string, unknown>) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/sign-up/email',
          headers: identityHeaders(app),
          payload: { email, password: 'anvil-ledger-42', name: 'Eve', ...extra },
        });
      const asAdmin = await signUp({ role: 'admin' });
      expect(asAdmin.statusCode).toBe(400);
      expect(asAdmin.json()).toMatchObject({
        statusCode: 400,
        message: /^role cannot be sent here/,
      });
      expect(cookiesOf(asAdmin)).toBe('');
      expect(await app.identity.findByEmail(email)).toBeUndefined();

      const plainSignUp = await signUp({});
      expect(plainSignUp.statusCode).toBe(200);
      expect(plainSignUp.json()).toMatchObject({ user: { email, role: 'user' } });
      expect(cookiesOf(plainSignUp)).toMatch(/session_token=/);
      expect((await app.identity.findByEmail(email))?.role).toBe('user');
      const plain = await signUpTestAccount(app, { name: 'Plain' });
      expect((await app.identity.findByEmail(plain.email))?.role).toBe('user');
    },
  );

  userTest(
    'answers { result, token } for the session of that e-mail, the token naming the user',
    async ({ app, ann }) => {
      const response = await putUser(app, ann.email, ann.cookie, {
        email: ann.email,
        name: 'Ann A.',
      });
      expect(response.statusCode).toBe(200);
      const body = UpsertUserResponseSchema.parse(response.json());
      expect(body.result).toMatchObject({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
      const claims = decodeJwt(body.token);
      const account = await app.identity.findByEmail(ann.email);
      expect(claims.sub).toBe(account?.id);
      expect(claims.email).toBe(ann.email);
      // About a day.
      expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(24 * 60 * 60);
      expect(account?.name).toBe('Ann A.');
      // The same name again changes nothing.
      const again = UpsertUserResponseSchema.parse(
        (await putUser(app, ann.email, ann.cookie, { email: ann.email, name: 'Ann A.' })).json(),
      );
      expect(again.result.modifiedCount).toBe(0);
    },
  );

  userTest('the token works as bearer on GET /api/admin/{email}', async ({ app, ann }) => {
    const response = await getAdmin(app, ann.email, bearer(ann.token));
    expect(response.statusCode).toBe(200);
    expect(AdminCheckSchema.parse(response.json())).toEqual({ admin: false });
  });

  userTest(
    'answers 401 without an identity session, or with a session that is not one',
    async ({ app, ann }) => {
      const none = await putUser(app, ann.email);
      expect(none.statusCode).toBe(401);
      expect(none.json()).toEqual({ message: errorsText.notSignedIn, statusCode: 401 });
      const forged = await putUser(app, ann.email, 'better-auth.session_token=forged.value');
      expect(forged.statusCode).toBe(401);
      // An access token is no identity session.
      const withBearer = await app.inject({
        method: 'PUT',
        url: `/api/user/${ann.email}`,
        headers: { ...identityHeaders(app), ...bearer(ann.token) },
        payload: { email: ann.email },
      });
      expect(withBearer.statusCode).toBe(401);
    },
  );

  userTest(
    "answers 403 to one user's session asking for another user's token",
    async ({ app, ann, bob }) => {
      const response = await putUser(app, bob.email, ann.cookie);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: errorsText.otherUsersEmail, statusCode: 403 });
      expect(response.body).not.toMatch(/token"/);
    },
  );

  userTest('reads the e-mail in the path case-insensitively', async ({ app, ann }) => {
    const upper = ann.email.toUpperCase();
    const response = await putUser(app, upper, ann.cookie);
    expect(response.statusCode).toBe(200);
    const { token } = UpsertUserResponseSchema.parse(response.json());
    expect(decodeJwt(token).email).toBe(ann.email);
    const admin = await getAdmin(app, upper, bearer(token));
    expect(admin.statusCode).toBe(200);
    expect(admin.json()).toEqual({ admin: false });
  });

  userTest(
    'GET /api/admin answers 401 without a token, or with a garbage one',
    async ({ app, ann }) => {
      const none = await getAdmin(app, ann.email);
      expect(none.statusCode).toBe(401);
      expect(none.json()).toEqual({ message: errorsText.notSignedIn, statusCode: 401 });
      for (const authorization of ['Bearer not-a-jwt', 'Bearer ', `Basic ${ann.token}`]) {
        const response = await getAdmin(app, ann.email, { authorization });
        expect(response.statusCode, authorization).toBe(401);
      }
      // Signed with another secret.
      const foreign = await new SignJWT({ email: ann.email })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(ann.userId)
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('another-secret-0123456789abcdef-0123456789'));
      expect((await getAdmin(app, ann.email, bearer(foreign))).statusCode).toBe(401);
    },
  );

  userTest(
    'GET /api/admin answers 401 "session expired" for an expired token',
    async ({ app, ann }) => {
      const secret = new TextEncoder().encode(createTestConfig().accessTokenSecret);
      // Ann's live session: only the expiry is wrong.
      const expired = await new SignJWT({ email: ann.email, sid: decodeJwt(ann.token).sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(ann.userId)
        .setIssuedAt(Math.floor(Date.now() / 1000) - 2 * 86_400)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 86_400)
        .sign(secret);
      const response = await getAdmin(app, ann.email, bearer(expired));
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: errorsText.sessionExpired, statusCode: 401 });
    },
  );

  userTest(
    "GET /api/admin answers 403 to a user asking about another's e-mail",
    async ({ app, ann, bob }) => {
      const response = await getAdmin(app, bob.email, bearer(ann.token));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: errorsText.otherUsersEmail, statusCode: 403 });
    },
  );

  userTest(
    'an admin may ask about anyone (and the role is read from the database at once)',
    async ({ app, bob }) => {
      const admin = await signUpTestAccount(app, { name: 'Promoted' });
      expect((await getAdmin(app, bob.email, bearer(admin.token))).statusCode).toBe(403);
      await app.identity.setRole(admin.userId, 'admin');
      // The same token: the role is not in it.
      expect((await getAdmin(app, admin.email, bearer(admin.token))).json()).toEqual({
        admin: true,
      });
      const aboutBob = await getAdmin(app, bob.email, bearer(admin.token));
      expect(aboutBob.statusCode).toBe(200);
      expect(aboutBob.json()).toEqual({ admin: false });
      const aboutNobody = await getAdmin(app, uniqueEmail('nobody'), bearer(admin.token));
      expect(aboutNobody.statusCode).toBe(404);
      // A long address is still an address, not an unknown route.
      const long = `${'a'.repeat(200)}@example.com`;
      const aboutLong = await getAdmin(app, long, bearer(admin.token));
      expect(aboutLong.statusCode).toBe(404);
      expect(aboutLong.json().message).not.toMatch(/^Route /);
    },
  );
});

describe('ADMIN_EMAILS: admin only once the owner resets the password (identity/admin-emails.test.ts)', () => {
  // Built by a test, on the same database, once an address is added to the list.
  let second: App | undefined;
  afterAll(async () => {
    await second?.close();
  });

  const isAdmin = async (app: App, email: string, token: string) => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/admin/${encodeURIComponent(email)}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    return AdminCheckSchema.parse(response.json()).admin;
  };

  listTest(
    'a listed address is no admin at sign-up, at PUT /user, nor once verified; then after a reset',
    async ({ first }) => {
      // Whoever signs up first with the address (in any case) gets nothing.
      const account = await signUpTestAccount(first, { email: boss.toUpperCase() });
      expect(await first.identity.findByEmail(boss)).toMatchObject({
        role: 'user',
        emailVerified: false,
      });
      expect(await isAdmin(first, boss, account.token)).toBe(false);
      const { token } = await requestAccessToken(first, account.cookie, boss);
      expect(await isAdmin(first, boss, token)).toBe(false);
      await verifyEmailThroughOutbox(first, { email: boss, cookie: account.cookie });
      expect((await first.identity.findByEmail(boss))?.role).toBe('user');
      expect(await isAdmin(first, boss, token)).toBe(false);

      // The owner sets the password through the e-mailed link and signs in: an admin.
      await resetPasswordThroughOutbox(first, boss, 'owner-chose-this-1');
      const owner = await signInTestAccount(first, { email: boss, password: 'owner-chose-this-1' });
      expect(await isAdmin(first, boss, owner.token)).toBe(true);
    },
  );

  listTest(
    'an account whose address is listed later becomes an admin at a reset, not at PUT /user',
    async ({ first, database }) => {
      const account = await signUpTestAccount(first, { email: later });
      await verifyEmailThroughOutbox(first, account);
      // Verified but not listed (yet): a user.
      expect(await isAdmin(first, later, account.token)).toBe(false);

      // The same database, restarted with the address added to the list.
      second = await buildTestApp({
        database: await database.connect(),
        config: { adminEmails: [boss, later] },
      });
      const { token } = await requestAccessToken(second, account.cookie, later);
      expect(await isAdmin(second, later, token)).toBe(false);
      await resetPasswordThroughOutbox(second, later, 'owner-chose-this-2');
      const owner = await signInTestAccount(second, {
        email: later,
        password: 'owner-chose-this-2',
      });
      expect(await isAdmin(second, later, owner.token)).toBe(true);
      // Every instance reads the role from the database.
      expect(await isAdmin(first, later, owner.token)).toBe(true);
    },
  );

  listTest('an unlisted account stays a user, verified or not', async ({ first }) => {
    const account = await signUpTestAccount(first, { name: 'Unlisted' });
    await verifyEmailThroughOutbox(first, account);
    expect((await first.identity.findByEmail(account.email))?.emailVerified).toBe(true);
    const { token } = await requestAccessToken(first, account.cookie, account.email);
    expect(await isAdmin(first, account.email, token)).toBe(false);
  });
});
