import { describe, expect } from 'vitest';
import { decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import { texts } from '@tools-factory/contract';
import type { App } from '../../app.ts';
import { it } from '../../testing/app-fixtures.ts';
import { postIdentity } from '../../testing/requests.ts';
import {
  bearer,
  cookiesOf,
  identityHeaders,
  renewAccessToken,
  requestAccessToken,
  signUpTestAccount,
} from '../../testing/accounts.ts';
import { firstLink, latestOutboxMail, pathAndQuery } from '../../testing/mail.ts';
import { sessions, users } from './identity.table.ts';

const errorsText = texts.identityErrors;

/**
 * docs/architecture.md#identity-and-sessions: an access token names the identity session it was
 * issued for, and ends with it. Everything goes through HTTP as the web app does it.
 */
describe('access tokens end with their identity session', () => {
  const getAdmin = (app: App, email: string, token: string) =>
    app.inject({
      method: 'GET',
      url: `/api/admin/${encodeURIComponent(email)}`,
      headers: bearer(token),
    });
  /** A 401 that says why (the web's login page shows it): ended, or expired. */
  const expectSessionEnded = async (
    app: App,
    email: string,
    token: string,
    why: string = errorsText.sessionEnded,
  ) => {
    const response = await getAdmin(app, email, token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: why, statusCode: 401 });
  };

  it('names the session it was issued for (its id, never its secret token) and works', async ({
    app,
  }) => {
    const account = await signUpTestAccount(app);
    const session = await app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: identityHeaders(app, account.cookie),
    });
    const { session: identitySession } = session.json() as {
      session: { id: string; token: string };
    };
    const claims = decodeJwt(account.token);
    expect(claims.sid).toBe(identitySession.id);
    expect(account.token).not.toContain(identitySession.token);
    expect(JSON.stringify(claims)).not.toContain(identitySession.token);
    expect((await getAdmin(app, account.email, account.token)).json()).toEqual({ admin: false });
  });

  it('signing out ends the tokens of that session, not those of another session', async ({
    app,
  }) => {
    const account = await signUpTestAccount(app);
    const signIn = await postIdentity(app, '/sign-in/email', {
      email: account.email,
      password: account.password,
    });
    expect(signIn.statusCode).toBe(200);
    const otherDevice = await requestAccessToken(app, cookiesOf(signIn), account.email);
    // Two tokens from one session (the web renews on 401): both end with it.
    const renewed = await requestAccessToken(app, account.cookie, account.email);

    const out = await postIdentity(app, '/sign-out', {}, account.cookie);
    expect(out.statusCode).toBe(200);
    await expectSessionEnded(app, account.email, account.token);
    await expectSessionEnded(app, account.email, renewed.token);
    // The other device signed in on its own session: it goes on.
    expect((await getAdmin(app, account.email, otherDevice.token)).statusCode).toBe(200);
  });

  it('a password reset through the e-mailed link ends every token', async ({ app }) => {
    const account = await signUpTestAccount(app);
    expect((await getAdmin(app, account.email, account.token)).statusCode).toBe(200);

    const request = await postIdentity(app, '/request-password-reset', {
      email: account.email,
      redirectTo: '/reset-password',
    });
    expect(request.statusCode).toBe(200);
    const link = firstLink((await latestOutboxMail(app, account.email, 'Reset')).text);
    const follow = await app.inject({ method: 'GET', url: pathAndQuery(link) });
    const token = new URL(String(follow.headers.location), app.config.publicUrl).searchParams.get(
      'token',
    );
    expect(token).toBeTruthy();
    const reset = await postIdentity(app, '/reset-password', {
      newPassword: 'brand-new-secret',
      token,
    });
    expect(reset.statusCode).toBe(200);

    await expectSessionEnded(app, account.email, account.token);
  });

  it('an expired identity session ends its tokens', async ({ app }) => {
    const account = await signUpTestAccount(app);
    const { sid } = decodeJwt(account.token);
    expect(typeof sid).toBe('string');
    await app.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(sessions.id, String(sid)));
    await expectSessionEnded(app, account.email, account.token, errorsText.sessionExpired);
  });

  it('removing the user ends its tokens (its sessions go with it)', async ({ app }) => {
    const gone = await signUpTestAccount(app, { name: 'Gone' });
    await app.database.db.delete(users).where(eq(users.id, gone.userId));
    const response = await getAdmin(app, gone.email, gone.token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: errorsText.accountRemoved, statusCode: 401 });
    // No new token either: the identity session went with the user.
    expect((await renewAccessToken(app, gone)).statusCode).toBe(401);
  });
});
