import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import { AdminCheckSchema, UpsertUserResponseSchema, texts } from '@tools-factory/contract';
import type { App } from '../../app.ts';
import { buildTestApp } from '../../testing/build-test-app.ts';
import {
  bearer,
  cookiesOf,
  identityHeaders,
  requestAccessToken,
  signUpTestAccount,
  uniqueEmail,
  type TestAccount,
} from '../../testing/accounts.ts';
import { createTestConfig } from '../../testing/test-config.ts';
import { users } from '../identity/identity.table.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';

const errorsText = texts.identityErrors;

describe('PUT /api/user/{email} and GET /api/admin/{email}', () => {
  let app: App;
  let ann: TestAccount;
  let bob: TestAccount;

  beforeAll(async () => {
    app = await buildTestApp();
    ann = await signUpTestAccount(app, { email: uniqueEmail('ann'), name: 'Ann' });
    bob = await signUpTestAccount(app, { email: uniqueEmail('bob'), name: 'Bob' });
  });
  afterAll(async () => {
    await app.close();
  });

  const putUser = (email: string, cookie?: string, body: object = { email }) =>
    app.inject({
      method: 'PUT',
      url: `/api/user/${encodeURIComponent(email)}`,
      headers: identityHeaders(app, cookie),
      payload: body,
    });
  const getAdmin = (email: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: `/api/admin/${encodeURIComponent(email)}`, headers });

  it('signs up a user (never an admin, whatever the body says) with a session cookie', async () => {
    const email = uniqueEmail('eve');
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: identityHeaders(app),
      payload: { email, password: 'secret1', name: 'Eve', role: 'admin' },
    });
    expect(signUp.statusCode).toBe(200);
    expect(signUp.json()).toMatchObject({ user: { email, role: 'user' } });
    expect(cookiesOf(signUp)).toMatch(/session_token=/);
    expect((await app.identity.findByEmail(email))?.role).toBe('user');
    const plain = await signUpTestAccount(app, { name: 'Plain' });
    expect((await app.identity.findByEmail(plain.email))?.role).toBe('user');
  });

  it('answers { result, token } for the session of that e-mail, the token naming the user', async () => {
    const response = await putUser(ann.email, ann.cookie, { email: ann.email, name: 'Ann A.' });
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
      (await putUser(ann.email, ann.cookie, { email: ann.email, name: 'Ann A.' })).json(),
    );
    expect(again.result.modifiedCount).toBe(0);
  });

  it('the token works as bearer on GET /api/admin/{email}', async () => {
    const response = await getAdmin(ann.email, bearer(ann.token));
    expect(response.statusCode).toBe(200);
    expect(AdminCheckSchema.parse(response.json())).toEqual({ admin: false });
  });

  it('answers 401 without an identity session, or with a session that is not one', async () => {
    const none = await putUser(ann.email);
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: errorsText.notSignedIn, statusCode: 401 });
    const forged = await putUser(ann.email, 'better-auth.session_token=forged.value');
    expect(forged.statusCode).toBe(401);
    // An access token is no identity session.
    const withBearer = await app.inject({
      method: 'PUT',
      url: `/api/user/${ann.email}`,
      headers: { ...identityHeaders(app), ...bearer(ann.token) },
      payload: { email: ann.email },
    });
    expect(withBearer.statusCode).toBe(401);
  });

  it("answers 403 to one user's session asking for another user's token", async () => {
    const response = await putUser(bob.email, ann.cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: errorsText.otherUsersEmail, statusCode: 403 });
    expect(response.body).not.toMatch(/token"/);
  });

  it('reads the e-mail in the path case-insensitively', async () => {
    const upper = ann.email.toUpperCase();
    const response = await putUser(upper, ann.cookie);
    expect(response.statusCode).toBe(200);
    const { token } = UpsertUserResponseSchema.parse(response.json());
    expect(decodeJwt(token).email).toBe(ann.email);
    const admin = await getAdmin(upper, bearer(token));
    expect(admin.statusCode).toBe(200);
    expect(admin.json()).toEqual({ admin: false });
  });

  it('GET /api/admin answers 401 without a token, or with a garbage one', async () => {
    const none = await getAdmin(ann.email);
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: errorsText.notSignedIn, statusCode: 401 });
    for (const authorization of ['Bearer not-a-jwt', 'Bearer ', `Basic ${ann.token}`]) {
      const response = await getAdmin(ann.email, { authorization });
      expect(response.statusCode, authorization).toBe(401);
    }
    // Signed with another secret.
    const foreign = await new SignJWT({ email: ann.email })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(ann.userId)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-0123456789abcdef-0123456789'));
    expect((await getAdmin(ann.email, bearer(foreign))).statusCode).toBe(401);
  });

  it('GET /api/admin answers 401 "session expired" for an expired token', async () => {
    const secret = new TextEncoder().encode(createTestConfig().accessTokenSecret);
    const expired = await new SignJWT({ email: ann.email })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(ann.userId)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 2 * 86_400)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 86_400)
      .sign(secret);
    const response = await getAdmin(ann.email, bearer(expired));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: errorsText.sessionExpired, statusCode: 401 });
  });

  it('GET /api/admin answers 401 to the token of an account that no longer exists', async () => {
    const gone = await signUpTestAccount(app, { name: 'Gone' });
    await app.database.db.delete(users).where(eq(users.id, gone.userId));
    const response = await getAdmin(gone.email, bearer(gone.token));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: errorsText.notSignedIn, statusCode: 401 });
    // Its identity session went with it.
    expect((await putUser(gone.email, gone.cookie)).statusCode).toBe(401);
  });

  it("GET /api/admin answers 403 to a user asking about another's e-mail", async () => {
    const response = await getAdmin(bob.email, bearer(ann.token));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: errorsText.otherUsersEmail, statusCode: 403 });
  });

  it('an admin may ask about anyone (and the role is read from the database at once)', async () => {
    const admin = await signUpTestAccount(app, { name: 'Promoted' });
    expect((await getAdmin(bob.email, bearer(admin.token))).statusCode).toBe(403);
    await app.identity.setRole(admin.userId, 'admin');
    // The same token: the role is not in it.
    expect((await getAdmin(admin.email, bearer(admin.token))).json()).toEqual({ admin: true });
    const aboutBob = await getAdmin(bob.email, bearer(admin.token));
    expect(aboutBob.statusCode).toBe(200);
    expect(aboutBob.json()).toEqual({ admin: false });
    const aboutNobody = await getAdmin(uniqueEmail('nobody'), bearer(admin.token));
    expect(aboutNobody.statusCode).toBe(404);
  });
});

describe('ADMIN_EMAILS', () => {
  let database: TestDatabase;
  let first: App;
  let second: App | undefined;
  const boss = uniqueEmail('boss');
  const later = uniqueEmail('later');

  beforeAll(async () => {
    database = await createTestDatabase();
    first = await buildTestApp({
      database: await database.connect(),
      config: { adminEmails: [boss] },
    });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.destroy();
  });

  it('makes a listed account an admin at sign-up (whatever case it signs up with)', async () => {
    const account = await signUpTestAccount(first, { email: boss.toUpperCase() });
    expect((await first.identity.findByEmail(boss))?.role).toBe('admin');
    const response = await first.inject({
      method: 'GET',
      url: `/api/admin/${boss}`,
      headers: bearer(account.token),
    });
    expect(response.json()).toEqual({ admin: true });
  });

  it('makes an existing account an admin at its next PUT /user once it is listed', async () => {
    const account = await signUpTestAccount(first, { email: later });
    const before = await first.inject({
      method: 'GET',
      url: `/api/admin/${later}`,
      headers: bearer(account.token),
    });
    expect(before.json()).toEqual({ admin: false });

    // The same database, restarted with the address added to the list.
    second = await buildTestApp({
      database: await database.connect(),
      config: { adminEmails: [boss, later] },
    });
    const { token } = await requestAccessToken(second, account.cookie, later);
    const after = await second.inject({
      method: 'GET',
      url: `/api/admin/${later}`,
      headers: bearer(token),
    });
    expect(after.json()).toEqual({ admin: true });
    // Every instance reads the role from the database.
    const onFirst = await first.inject({
      method: 'GET',
      url: `/api/admin/${later}`,
      headers: bearer(account.token),
    });
    expect(onFirst.json()).toEqual({ admin: true });
  });
});
