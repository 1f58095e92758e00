import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { SignJWT, decodeJwt, generateKeyPair, type JWTPayload } from 'jose';
import { texts } from '@tools-factory/contract';
import type { App } from '../../app.ts';
import { bearer, signUpTestAccount } from '../../testing/accounts.ts';
import { test as appTest } from '../../testing/app-fixtures.ts';
import { createAccessTokens } from './access-token.ts';

const errorsText = texts.identityErrors;

const base64url = (value: object): string =>
  Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token's three parts, decoded where they are JSON. */
function partsOf(token: string): { header: object; payload: JWTPayload; signature: string } {
  const [header = '', payload = '', signature = ''] = token.split('.');
  return {
    header: JSON.parse(Buffer.from(header, 'base64url').toString()) as object,
    payload: JSON.parse(Buffer.from(payload, 'base64url').toString()) as JWTPayload,
    signature,
  };
}

const getAdmin = (app: App, email: string, token: string) =>
  app.inject({
    method: 'GET',
    url: `/api/admin/${encodeURIComponent(email)}`,
    headers: bearer(token),
  });
/** Signed with our own secret: what only a bug or a leaked secret could make. */
const signWithOurSecret = (app: App, claims: JWTPayload, alg = 'HS256') =>
  new SignJWT(claims)
    .setProtectedHeader({ alg })
    .sign(new TextEncoder().encode(app.config.accessTokenSecret));

const it = appTest
  .extend('ann', { scope: 'file' }, ({ app }) => signUpTestAccount(app, { name: 'Ann' }))
  .extend('bob', { scope: 'file' }, ({ app }) => signUpTestAccount(app, { name: 'Bob' }))
  /** The guard refuses `token` (for Ann's e-mail unless another is given) with 401 in words. */
  .extend('expectRefused', ({ app, ann }) => async (token: string, email = ann.email) => {
    const response = await getAdmin(app, email, token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: errorsText.notSignedIn, statusCode: 401 });
  });

/**
 * The bearer guard against forged and malformed access tokens (the audit's probes): only an
 * HS256 token signed with our secret, with an expiry, a subject and a session, is accepted.
 */
describe('access tokens: what the bearer guard refuses', () => {
  it('accepts the token PUT /user answered', async ({ app, ann }) => {
    expect((await getAdmin(app, ann.email, ann.token)).json()).toEqual({ admin: false });
  });

  it('refuses alg "none", with or without the old signature', async ({ ann, expectRefused }) => {
    const { payload, signature } = partsOf(ann.token);
    for (const alg of ['none', 'None', 'NONE']) {
      const unsigned = `${base64url({ alg, typ: 'JWT' })}.${base64url(payload)}`;
      await expectRefused(`${unsigned}.`);
      await expectRefused(`${unsigned}.${signature}`);
    }
  });

  it('refuses a header whose alg was changed (HS512, RS256, ES256) under the old signature', async ({
    ann,
    expectRefused,
  }) => {
    const { header, payload, signature } = partsOf(ann.token);
    for (const alg of ['HS512', 'HS384', 'RS256', 'ES256']) {
      await expectRefused(`${base64url({ ...header, alg })}.${base64url(payload)}.${signature}`);
    }
  });

  it('refuses another algorithm even when properly signed (HS512 with our secret, RS256 with a key pair)', async ({
    app,
    ann,
    expectRefused,
  }) => {
    const claims = decodeJwt(ann.token);
    await expectRefused(await signWithOurSecret(app, claims, 'HS512'));
    const { privateKey } = await generateKeyPair('RS256');
    await expectRefused(
      await new SignJWT(claims).setProtectedHeader({ alg: 'RS256' }).sign(privateKey),
    );
  });

  it('refuses edited claims under the old signature (another user, a later expiry)', async ({
    ann,
    bob,
    expectRefused,
  }) => {
    const { header, payload, signature } = partsOf(ann.token);
    const edits: JWTPayload[] = [
      { ...payload, sub: bob.userId, email: bob.email },
      { ...payload, exp: (payload.exp ?? 0) + 365 * 86_400 },
      { ...payload, sid: decodeJwt(bob.token).sid },
    ];
    for (const edited of edits) {
      await expectRefused(`${base64url(header)}.${base64url(edited)}.${signature}`, bob.email);
    }
  });

  it('refuses a token without exp, even signed with our secret', async ({
    app,
    ann,
    expectRefused,
  }) => {
    const { exp: _exp, ...withoutExpiry } = decodeJwt(ann.token);
    await expectRefused(await signWithOurSecret(app, withoutExpiry));
  });

  it('refuses a token without sid (or with a sid that is not a string), even signed with our secret', async ({
    app,
    ann,
    expectRefused,
  }) => {
    const { sid: _sid, ...withoutSession } = decodeJwt(ann.token);
    await expectRefused(await signWithOurSecret(app, withoutSession));
    await expectRefused(await signWithOurSecret(app, { ...withoutSession, sid: 42 }));
  });

  it("refuses one user's id with another user's live session, even signed with our secret", async ({
    app,
    ann,
    bob,
  }) => {
    const claims = decodeJwt(ann.token);
    const crossed = await signWithOurSecret(app, { ...claims, sub: bob.userId, email: bob.email });
    const response = await getAdmin(app, bob.email, crossed);
    expect(response.statusCode).toBe(401);
    // Bob's token still works: the refusal is about the pairing.
    expect((await getAdmin(app, bob.email, bob.token)).statusCode).toBe(200);
  });
});

describe('verified tokens remembered (createAccessTokens)', () => {
  const tokens = () => createAccessTokens('a-secret-long-enough-for-the-tests-0123456789');
  const claims = { userId: randomUUID(), email: 'ann@example.com', sessionId: randomUUID() };

  afterEach(() => {
    vi.useRealTimers();
  });

  test('a remembered token still expires with its exp', async () => {
    const accessTokens = tokens();
    const token = await accessTokens.issue(claims);
    expect(await accessTokens.verify(token)).toEqual({ ok: true, claims });
    // Remembered now: a second verify answers from memory, and must still see the expiry.
    expect(await accessTokens.verify(token)).toEqual({ ok: true, claims });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 25 * 60 * 60 * 1000);
    expect(await accessTokens.verify(token)).toEqual({ ok: false, reason: 'expired' });
  });

  test('a token one character away from a remembered one is verified, and refused', async () => {
    const accessTokens = tokens();
    const token = await accessTokens.issue(claims);
    expect((await accessTokens.verify(token)).ok).toBe(true);
    const last = token.at(-2) === 'A' ? 'B' : 'A';
    const tampered = `${token.slice(0, -2)}${last}${token.slice(-1)}`;
    expect(await accessTokens.verify(tampered)).toEqual({ ok: false, reason: 'invalid' });
  });

  test('a token of another secret is refused though it names the same claims', async () => {
    const accessTokens = tokens();
    const ours = await accessTokens.issue(claims);
    expect((await accessTokens.verify(ours)).ok).toBe(true);
    const theirs = await createAccessTokens('another-secret-long-enough-0123456789abcdef').issue(
      claims,
    );
    expect(await accessTokens.verify(theirs)).toEqual({ ok: false, reason: 'invalid' });
  });
});
