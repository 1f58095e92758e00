import { describe, expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { IDENTITY_RATE_LIMITS } from './auth-rate-limits.ts';
import type { App } from '../../app.ts';
import { identityHeaders, signUpTestAccount, uniqueEmail } from '../../testing/accounts.ts';
import { appTest } from '../../testing/app-fixtures.ts';

const logLines: string[] = [];
const it = appTest({
  config: { logLevel: 'info' },
  logStream: { write: (line) => void logLines.push(line) },
})
  // Accounts are unverified until they follow the e-mailed link: this one never does.
  .extend('unverified', { scope: 'file' }, ({ app }) =>
    signUpTestAccount(app, { email: uniqueEmail('unverified') }),
  );

/** What a caller learns from an answer: its status and its body (nothing else tells accounts apart). */
const seen = (response: LightMyRequestResponse) => ({
  status: response.statusCode,
  body: response.json() as unknown,
});

/**
 * Sign-in tells nobody whether an address has an account (issue 22, item 7): a wrong password
 * and an unknown e-mail answer alike, also for an unverified account and under the rate limit.
 * Failed sign-ins and identity 429s are logged with the account id (when known) and the client's
 * address, never the e-mail (item 16).
 */
describe('sign-in: the same answer for a wrong password and an unknown e-mail', () => {
  const signIn = (app: App, email: string, password: string, remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: identityHeaders(app),
      payload: { email, password },
      remoteAddress,
    });

  it('answers a wrong password and an unknown e-mail with one status and one body', async ({
    app,
    unverified,
  }) => {
    const wrongPassword = seen(await signIn(app, unverified.email, 'not-the-password', '10.7.0.1'));
    const unknown = seen(await signIn(app, uniqueEmail('nobody'), 'not-the-password', '10.7.0.2'));
    expect(wrongPassword.status).toBe(401);
    expect(unknown).toEqual(wrongPassword);
  });

  it('answers alike under the rate limit, known address or not', async ({ app, unverified }) => {
    const { max } = IDENTITY_RATE_LIMITS.perClientAndAddress;
    const answersPast = async (email: string, client: string) => {
      for (let attempt = 0; attempt < max; attempt += 1) {
        expect((await signIn(app, email, 'guess-guess-1', client)).statusCode).toBe(401);
      }
      return seen(await signIn(app, email, 'guess-guess-1', client));
    };
    const known = await answersPast(unverified.email, '10.7.1.1');
    const unknown = await answersPast(uniqueEmail('nobody'), '10.7.1.2');
    expect(known.status).toBe(429);
    expect(unknown).toEqual(known);
  });

  it('logs failed sign-ins and 429s with the account id and client address, never the e-mail', async ({
    app,
    unverified,
  }) => {
    logLines.length = 0;
    const { email, userId } = unverified;
    const nobody = uniqueEmail('nobody');
    await signIn(app, email, 'not-the-password', '10.7.2.1');
    await signIn(app, nobody, 'not-the-password', '10.7.2.2');
    const { max } = IDENTITY_RATE_LIMITS.perClientAndAddress;
    for (let attempt = 0; attempt <= max; attempt += 1) {
      await signIn(app, email, 'guess-guess-1', '10.7.2.3');
    }

    const entries = logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const failures = entries.filter((entry) => entry.event === 'identity.sign-in-failed');
    expect(failures).toContainEqual(
      expect.objectContaining({ accountId: userId, client: '10.7.2.1' }),
    );
    expect(failures).toContainEqual(
      expect.objectContaining({ accountId: null, client: '10.7.2.2' }),
    );
    const limited = entries.filter((entry) => entry.event === 'identity.rate-limited');
    expect(limited).toContainEqual(
      expect.objectContaining({
        accountId: userId,
        client: '10.7.2.3',
        endpoint: '/sign-in/email',
      }),
    );
    const text = logLines.join('\n').toLowerCase();
    for (const address of [email, nobody]) expect(text).not.toContain(address.toLowerCase());
  });
});
