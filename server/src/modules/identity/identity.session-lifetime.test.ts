import { describe, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import {
  bearer,
  renewAccessToken,
  signUpTestAccount,
  type TestAccount,
} from '../../testing/accounts.ts';
import type { App } from '../../app.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { sessions } from './identity.table.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The app's SESSION_IDLE_HOURS and SESSION_MAX_DAYS. */
const session = { idleHours: 48, maxDays: 10 };

const it = appTest({ config: { session } });

/**
 * Identity sessions (issue 22, item 9): an idle window each use slides (SESSION_IDLE_HOURS) and
 * an absolute lifetime from sign-in (SESSION_MAX_DAYS). Time passes by moving the session row's
 * timestamps back in the database.
 */
describe('identity sessions: idle timeout and absolute lifetime', () => {
  const sessionId = (account: TestAccount) => String(decodeJwt(account.token).sid);
  const row = async (app: App, account: TestAccount) => {
    const [found] = await app.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionId(account)));
    if (!found) throw new Error('no session row');
    return found;
  };
  const moveSession = (
    app: App,
    account: TestAccount,
    times: Partial<{ createdAt: Date; updatedAt: Date; expiresAt: Date }>,
  ) =>
    app.database.db
      .update(sessions)
      .set(times)
      .where(eq(sessions.id, sessionId(account)));
  /** A bearer call (the guard) and a token renewal (PUT /user, through the session cookie). */
  const bearerCall = (app: App, account: TestAccount) =>
    app.inject({
      method: 'GET',
      url: `/api/admin/${encodeURIComponent(account.email)}`,
      headers: bearer(account.token),
    });
  const expectNear = (actual: Date, expected: number) =>
    expect(Math.abs(actual.getTime() - expected)).toBeLessThan(5 * 60_000);

  it('a new session ends the idle window after sign-in', async ({ app }) => {
    const account = await signUpTestAccount(app);
    expectNear((await row(app, account)).expiresAt, Date.now() + session.idleHours * HOUR);
  });

  it('using the session slides its end by the idle window', async ({ app }) => {
    const account = await signUpTestAccount(app);
    // Last used nearly a window ago: one hour left.
    await moveSession(app, account, {
      createdAt: new Date(Date.now() - (session.idleHours - 1) * HOUR),
      updatedAt: new Date(Date.now() - (session.idleHours - 1) * HOUR),
      expiresAt: new Date(Date.now() + HOUR),
    });
    expect((await renewAccessToken(app, account)).statusCode).toBe(200);
    expectNear((await row(app, account)).expiresAt, Date.now() + session.idleHours * HOUR);
  });

  it('a session idle past its window ends, with its access tokens', async ({ app }) => {
    const account = await signUpTestAccount(app);
    await moveSession(app, account, {
      updatedAt: new Date(Date.now() - (session.idleHours + 1) * HOUR),
      expiresAt: new Date(Date.now() - HOUR),
    });
    expect((await bearerCall(app, account)).statusCode).toBe(401);
    expect((await renewAccessToken(app, account)).statusCode).toBe(401);
  });

  it('sliding never passes the absolute lifetime', async ({ app }) => {
    const account = await signUpTestAccount(app);
    const createdAt = new Date(Date.now() - session.maxDays * DAY + 2 * HOUR);
    await moveSession(app, account, {
      createdAt,
      updatedAt: new Date(Date.now() - (session.idleHours - 1) * HOUR),
      expiresAt: new Date(Date.now() + HOUR),
    });
    expect((await renewAccessToken(app, account)).statusCode).toBe(200);
    expectNear((await row(app, account)).expiresAt, createdAt.getTime() + session.maxDays * DAY);
  });

  it('a session begun longer ago than the absolute lifetime is refused, even if recently used', async ({
    app,
  }) => {
    const account = await signUpTestAccount(app);
    expect((await bearerCall(app, account)).statusCode).toBe(200);
    await moveSession(app, account, {
      createdAt: new Date(Date.now() - session.maxDays * DAY - HOUR),
      updatedAt: new Date(Date.now() - HOUR),
      expiresAt: new Date(Date.now() + (session.idleHours - 1) * HOUR),
    });
    expect((await bearerCall(app, account)).statusCode).toBe(401);
    expect((await renewAccessToken(app, account)).statusCode).toBe(401);
  });
});
