import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { texts } from '@tools-factory/contract';
import type { App } from '../../app.ts';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { identityHeaders, signUpTestAccount, uniqueEmail } from '../../testing/accounts.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { AUTH_RATE_LIMIT } from './identity.routes.ts';

/**
 * The Redis tests use TEST_REDIS_URL, or the local Redis this project's machines run. When
 * TEST_REDIS_URL is set they must run; otherwise they are skipped (with a warning) on a machine
 * without Redis.
 */
const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

async function redisAnswers(url: string): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const redisRequired = Boolean(process.env.TEST_REDIS_URL);
const redisAvailable = redisRequired || (await redisAnswers(REDIS_URL));
if (!redisAvailable) {
  console.warn(`[identity.rate-limit] no Redis at ${REDIS_URL}: the REDIS_URL tests are skipped`);
}
const tooMany = { statusCode: 429, message: texts.identityErrors.tooManyAttempts };

const signIn = (app: App, email: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: identityHeaders(app),
    payload: { email, password },
  });

/**
 * `count` sign-in attempts with a wrong password, all at once (a burst must not slip past the
 * counter); answers their status codes.
 */
function failedSignIns(apps: App | App[], email: string, count: number): Promise<number[]> {
  const list = Array.isArray(apps) ? apps : [apps];
  return Promise.all(
    Array.from({ length: count }, async (_, n) => {
      const response = await signIn(list[n % list.length]!, email, 'wrong-guess');
      return response.statusCode;
    }),
  );
}

describe('sign-in and reset rate limits (in memory)', () => {
  let app: App;

  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('allows 10 sign-in attempts a minute for one e-mail; the 11th gets 429, even with the right password', async () => {
    expect(AUTH_RATE_LIMIT).toEqual({ max: 10, timeWindow: 60_000 });
    const account = await signUpTestAccount(app, { password: 'rightpass' });
    expect(await failedSignIns(app, account.email, 10)).toEqual(Array(10).fill(401));

    const eleventh = await signIn(app, account.email, 'rightpass');
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toEqual(tooMany);
    expect(eleventh.headers['retry-after']).toBeDefined();
    expect(eleventh.cookies).toHaveLength(0);
    // The e-mail in another case is the same account.
    expect((await signIn(app, account.email.toUpperCase(), 'rightpass')).statusCode).toBe(429);

    // Another e-mail is not affected.
    const other = await signUpTestAccount(app, { password: 'rightpass' });
    expect((await signIn(app, other.email, 'rightpass')).statusCode).toBe(200);
  });

  it('limits password reset requests for one e-mail the same way', async () => {
    const email = uniqueEmail('reset');
    const codes: number[] = [];
    for (let n = 0; n < 11; n += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        headers: identityHeaders(app),
        payload: { email, redirectTo: '/reset-password' },
      });
      codes.push(response.statusCode);
      if (response.statusCode === 429) expect(response.json()).toEqual(tooMany);
    }
    expect(codes).toEqual([...Array(10).fill(200), 429]);
  });

  it('limits verification e-mails for one address the same way (anyone may ask for one)', async () => {
    const account = await signUpTestAccount(app);
    const codes: number[] = [];
    for (let n = 0; n < 11; n += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/send-verification-email',
        // With the session: without one Better Auth pads each answer to a fixed duration.
        headers: identityHeaders(app, account.cookie),
        payload: { email: account.email, callbackURL: '/' },
      });
      codes.push(response.statusCode);
    }
    expect(codes).toEqual([...Array(10).fill(200), 429]);
  });

  it('limits sign-ups for one e-mail the same way', async () => {
    const email = uniqueEmail('signup');
    const codes: number[] = [];
    for (let n = 0; n < 11; n += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: identityHeaders(app),
        payload: { email, password: '123', name: 'Short' },
      });
      codes.push(response.statusCode);
    }
    expect(codes).toEqual([...Array(10).fill(400), 429]);
  });
});

describe.skipIf(!redisAvailable)('sign-in rate limit shared through Redis (REDIS_URL)', () => {
  let database: TestDatabase;
  let first: App;
  let second: App;
  let redis: Redis;

  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    database = await createTestDatabase();
    first = await buildTestApp({
      database: await database.connect(),
      config: { redisUrl: REDIS_URL },
    });
    second = await buildTestApp({
      database: await database.connect(),
      config: { redisUrl: REDIS_URL },
    });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.destroy();
    redis?.disconnect();
  });

  it('counts in Redis: the 11th attempt for one e-mail gets 429, another e-mail does not', async () => {
    const account = await signUpTestAccount(first, { password: 'rightpass' });
    expect(await failedSignIns(first, account.email, 10)).toEqual(Array(10).fill(401));
    const eleventh = await signIn(first, account.email, 'rightpass');
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toEqual(tooMany);

    // One counter per route and client address + e-mail, expiring with the window.
    const key = `tools-factory-rate-limit-POST/api/auth/sign-in/email-127.0.0.1:${account.email}`;
    expect(Number(await redis.get(key))).toBeGreaterThanOrEqual(11);
    expect(await redis.pttl(key)).toBeGreaterThan(0);
    expect(await redis.pttl(key)).toBeLessThanOrEqual(AUTH_RATE_LIMIT.timeWindow);

    const other = await signUpTestAccount(first, { password: 'rightpass' });
    expect((await signIn(first, other.email, 'rightpass')).statusCode).toBe(200);
  });

  it('two instances share the count: attempts split between them reach 429 together', async () => {
    const account = await signUpTestAccount(first, { password: 'rightpass' });
    const codes = await failedSignIns([first, second], account.email, 10);
    expect(codes).toEqual(Array(10).fill(401));
    // Each instance saw only five attempts, yet both refuse the next one.
    expect((await signIn(second, account.email, 'rightpass')).statusCode).toBe(429);
    expect((await signIn(first, account.email, 'rightpass')).statusCode).toBe(429);
  });
});

describe('sign-in rate limit behind a load balancer (TRUST_PROXY)', () => {
  it('counts each forwarded client on its own instead of the proxy address', async () => {
    const app = await buildTestApp({ config: { trustProxy: true } });
    try {
      const account = await signUpTestAccount(app, { password: 'rightpass' });
      const attempt = (client: string) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          headers: { ...identityHeaders(app), 'x-forwarded-for': client },
          payload: { email: account.email, password: 'wrong-guess' },
        });
      for (let n = 0; n < 10; n += 1) expect((await attempt('203.0.113.7')).statusCode).toBe(401);
      expect((await attempt('203.0.113.7')).statusCode).toBe(429);
      // Another client behind the same proxy still gets its own attempts.
      expect((await attempt('198.51.100.9')).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});
