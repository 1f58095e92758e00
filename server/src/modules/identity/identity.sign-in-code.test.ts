import { describe, expect } from 'vitest';
import { serverTexts, SIGN_IN_CODE, texts } from '@tools-factory/contract';
import type { App } from '../../app.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import {
  cookiesOf,
  identityHeaders,
  requestAccessToken,
  uniqueEmail,
} from '../../testing/accounts.ts';
import { latestOutboxMail, readOutbox } from '../../testing/mail.ts';
import { signUpVerifiedAccount } from '../../testing/verified-accounts.ts';
import { IDENTITY_RATE_LIMITS } from './auth-rate-limits.ts';

const it = appTest({ config: { trustProxy: true } });

/*
 * Issue 22 item 3: a stranger's wrong guesses from many clients fill the sign-in limit of an
 * address (per address across clients), which refuses its owner's right password too. The owner
 * still gets in with a code e-mailed to the address; guessing the password stays throttled.
 */

let clients = 0;
/** A client address of its own (TEST-NET-3 and the benchmarking range), one per call. */
const newClient = () => {
  clients += 1;
  return `198.19.${Math.floor(clients / 250)}.${(clients % 250) + 1}`;
};

function post(app: App, url: string, client: string, payload: object) {
  return app.inject({
    method: 'POST',
    url,
    headers: { ...identityHeaders(app), 'x-forwarded-for': client },
    payload,
  });
}

const signInWithPassword = (app: App, client: string, email: string, password: string) =>
  post(app, '/api/auth/sign-in/email', client, { email, password });
const sendCode = (app: App, client: string, email: string) =>
  post(app, '/api/auth/email-otp/send-verification-otp', client, { email, type: 'sign-in' });
const signInWithCode = (app: App, client: string, email: string, otp: string) =>
  post(app, '/api/auth/sign-in/email-otp', client, { email, otp });

/** The code of the newest sign-in code e-mail to this address. */
async function codeFromOutbox(app: App, email: string): Promise<string> {
  const mail = await latestOutboxMail(app, email, serverTexts.mail.signInCode.subject);
  const code = new RegExp(`\\b(\\d{${SIGN_IN_CODE.length}})\\b`).exec(mail.text ?? '')?.[1];
  if (!code) throw new Error(`no code in the e-mail: ${mail.text}`);
  return code;
}

/** An account whose owner verified the address (as the sign-up e-mail asks). */
async function verifiedAccount(app: App) {
  return signUpVerifiedAccount(app, { password: 'right-anvil-ledger-42' });
}

/** A stranger's wrong guesses from many clients, until the address's own limit is full. */
async function lockOut(app: App, email: string) {
  const stranger = Array.from({ length: 4 }, newClient);
  const codes: number[] = [];
  for (let n = 0; n <= IDENTITY_RATE_LIMITS.perAddress.max; n += 1) {
    const response = await signInWithPassword(app, stranger[n % 4]!, email, `guess-${n}`);
    codes.push(response.statusCode);
  }
  expect(codes.slice(0, IDENTITY_RATE_LIMITS.perAddress.max)).toEqual(
    Array(IDENTITY_RATE_LIMITS.perAddress.max).fill(401),
  );
  expect(codes.at(-1)).toBe(429);
}

describe('signing in with an e-mailed code past the sign-in limit (issue 22 item 3)', () => {
  it('the owner locked out by a stranger gets in with an e-mailed code; the password stays refused', async ({
    app,
  }) => {
    const owner = await verifiedAccount(app);
    await lockOut(app, owner.email);

    // From the owner's own client: the right password is refused, and the answer says what to do.
    const ownerClient = newClient();
    const refused = await signInWithPassword(app, ownerClient, owner.email, owner.password);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      statusCode: 429,
      message: texts.identityErrors.tooManySignInAttempts,
    });
    expect(refused.cookies).toHaveLength(0);

    const sent = await sendCode(app, ownerClient, owner.email);
    expect(sent.statusCode, sent.body).toBe(200);
    const code = await codeFromOutbox(app, owner.email);

    const signedIn = await signInWithCode(app, ownerClient, owner.email, code);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((signedIn.json() as { user: { email: string } }).user.email).toBe(owner.email);
    const { token, userId } = await requestAccessToken(app, cookiesOf(signedIn), owner.email);
    expect(token).toBeTruthy();
    expect(userId).toBe(owner.userId);

    // A code works once.
    const again = await signInWithCode(app, ownerClient, owner.email, code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: texts.identityErrors.wrongSignInCode });

    // Guessing the password is still throttled, from the owner's client as from anyone's.
    const still = await signInWithPassword(app, newClient(), owner.email, owner.password);
    expect(still.statusCode).toBe(429);
  });

  it('a wrong code is refused; after a few wrong codes even the right one is, until a new one is sent', async ({
    app,
  }) => {
    const owner = await verifiedAccount(app);
    const client = newClient();
    expect((await sendCode(app, client, owner.email)).statusCode).toBe(200);
    const code = await codeFromOutbox(app, owner.email);
    const wrong = code === '000000' ? '000001' : '000000';

    for (let n = 0; n < SIGN_IN_CODE.allowedAttempts; n += 1) {
      const response = await signInWithCode(app, client, owner.email, wrong);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: texts.identityErrors.wrongSignInCode });
      expect(response.cookies).toHaveLength(0);
    }
    const spent = await signInWithCode(app, client, owner.email, code);
    expect(spent.statusCode).not.toBe(200);
    expect(spent.json()).toMatchObject({ message: texts.identityErrors.signInCodeSpent });

    expect((await sendCode(app, client, owner.email)).statusCode).toBe(200);
    const fresh = await codeFromOutbox(app, owner.email);
    expect((await signInWithCode(app, client, owner.email, fresh)).statusCode).toBe(200);
  });

  it('asking again resends the same code, so a stranger asking cannot void the one the owner has', async ({
    app,
  }) => {
    const owner = await verifiedAccount(app);
    expect((await sendCode(app, newClient(), owner.email)).statusCode).toBe(200);
    const first = await codeFromOutbox(app, owner.email);
    expect((await sendCode(app, newClient(), owner.email)).statusCode).toBe(200);
    const mails = (await readOutbox(app)).filter(
      (mail) =>
        mail.headers.to?.includes(owner.email) &&
        mail.headers.subject?.includes(serverTexts.mail.signInCode.subject),
    );
    expect(mails).toHaveLength(2);
    expect((await signInWithCode(app, newClient(), owner.email, first)).statusCode).toBe(200);
  });

  it('sending codes and trying them are rate limited per client and address', async ({ app }) => {
    const owner = await verifiedAccount(app);
    const client = newClient();
    const { max } = IDENTITY_RATE_LIMITS.perClientAndAddress;
    for (let n = 0; n < max; n += 1) {
      expect((await sendCode(app, client, owner.email)).statusCode).toBe(200);
    }
    const tooManySends = await sendCode(app, client, owner.email);
    expect(tooManySends.statusCode).toBe(429);
    expect(tooManySends.json()).toMatchObject({ message: texts.identityErrors.tooManyAttempts });

    const guesser = newClient();
    for (let n = 0; n < max; n += 1) {
      expect((await signInWithCode(app, guesser, owner.email, '123456')).statusCode).not.toBe(200);
    }
    const tooManyTries = await signInWithCode(app, guesser, owner.email, '123456');
    expect(tooManyTries.statusCode).toBe(429);
  });

  it('no code goes to an address without an account, and none is made for it (no sign-up)', async ({
    app,
  }) => {
    const email = uniqueEmail('nobody');
    const sent = await sendCode(app, newClient(), email);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ success: true });
    const mails = (await readOutbox(app)).filter((mail) => mail.headers.to?.includes(email));
    expect(mails).toHaveLength(0);
    const tried = await signInWithCode(app, newClient(), email, '123456');
    expect(tried.statusCode).toBe(400);
  });

  it('takes only the e-mail and a sign-in code: other types and fields are refused with 400', async ({
    app,
  }) => {
    const email = uniqueEmail('fields');
    const client = newClient();
    for (const payload of [
      { email, type: 'forget-password' },
      { email, type: 'sign-in', name: 'x' },
    ]) {
      const response = await post(
        app,
        '/api/auth/email-otp/send-verification-otp',
        client,
        payload,
      );
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    for (const payload of [
      { email, otp: 'abcdef' },
      { email, otp: '123456', name: 'New Account' },
    ]) {
      const response = await post(app, '/api/auth/sign-in/email-otp', client, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    // The plugin's other endpoints are not ours.
    const other = await post(app, '/api/auth/email-otp/verify-email', client, { email, otp: '1' });
    expect(other.statusCode).toBe(404);
  });
});
