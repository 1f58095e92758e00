import { randomInt } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { Redis } from 'ioredis';
import { serverTexts, texts } from '@tools-factory/contract';
import type { App } from '../../app.ts';
import { appTest, openTestApp } from '../../testing/app-fixtures.ts';
import { identityHeaders, signUpTestAccount, uniqueEmail } from '../../testing/accounts.ts';
import { readOutbox } from '../../testing/mail.ts';
import { findTestRedis } from '../../testing/redis.ts';
import type { TestDatabase } from '../../testing/test-database.ts';
import { IDENTITY_RATE_LIMITS } from './auth-rate-limits.ts';
import { findIdentityEndpoint } from './identity-endpoints.ts';

/** Required on CI and with TEST_REDIS_URL set; skipped, with a warning, elsewhere without Redis. */
const testRedis = await findTestRedis('identity.rate-limit');
/** The password sign-in's 429 also tells of the e-mailed code (issue 22 item 3). */
const tooManySignIns = { statusCode: 429, message: texts.identityErrors.tooManySignInAttempts };

/** A sign-in; `client` is the forwarded client address (for apps built with TRUST_PROXY). */
const signIn = (app: App, email: string, password: string, client?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { ...identityHeaders(app), ...(client ? { 'x-forwarded-for': client } : {}) },
    payload: { email, password },
  });

/**
 * A client address of its own (from the benchmarking range 198.18.0.0/15), so that counters kept
 * in Redis by an earlier run, or by the same tests on the other database, are not this test's.
 */
const newClient = () => `198.18.${randomInt(256)}.${randomInt(1, 255)}`;

/** Signs an account up from `client`, as the web app does, with `password`. */
async function signUpFrom(app: App, client: string, password = 'right-anvil-ledger-42') {
  const email = uniqueEmail('limited');
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { ...identityHeaders(app), 'x-forwarded-for': client },
    payload: { email, password, name: 'Limited Customer' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { email, password };
}

/** Status codes of sign-ins with a wrong password, one per e-mail, one client each, all at once. */
function wrongGuesses(
  apps: App[],
  attempts: { email: string; client: string }[],
): Promise<number[]> {
  return Promise.all(
    attempts.map(async ({ email, client }, n) => {
      const response = await signIn(apps[n % apps.length]!, email, 'wrong-guess', client);
      return response.statusCode;
    }),
  );
}

/**
 * Per client across addresses: one client trying many e-mails gets `perClient.max` attempts,
 * then 429 for any e-mail; another client is not affected.
 */
async function expectOneClientStoppedAcrossAddresses(apps: App[]) {
  const { max } = IDENTITY_RATE_LIMITS.perClient;
  const client = newClient();
  const emails = Array.from({ length: max }, () => uniqueEmail('sprayed'));
  const codes = await wrongGuesses(
    apps,
    emails.map((email) => ({ email, client })),
  );
  expect(codes).toEqual(Array(max).fill(401));

  const next = await signIn(apps[0]!, uniqueEmail('sprayed'), 'wrong-guess', client);
  expect(next.statusCode).toBe(429);
  expect(next.json()).toEqual(tooManySignIns);
  expect(next.headers['retry-after']).toBeDefined();
  // Its limit is the client's: another client signs in.
  const account = await signUpFrom(apps[0]!, newClient());
  const other = await signIn(apps.at(-1)!, account.email, account.password, newClient());
  expect(other.statusCode).toBe(200);
}

/**
 * Per address across clients: many clients guessing one e-mail's password together get
 * `perAddress.max` attempts; the next client gets 429 even with the right password.
 */
async function expectOneAddressStoppedAcrossClients(apps: App[]) {
  const { max } = IDENTITY_RATE_LIMITS.perAddress;
  const account = await signUpFrom(apps[0]!, newClient());
  const codes = await wrongGuesses(
    apps,
    Array.from({ length: max }, () => ({ email: account.email, client: newClient() })),
  );
  expect(codes).toEqual(Array(max).fill(401));

  const next = await signIn(apps.at(-1)!, account.email, account.password, newClient());
  expect(next.statusCode).toBe(429);
  expect(next.json()).toEqual(tooManySignIns);
  expect(next.cookies).toHaveLength(0);
  // Another e-mail, from a client that took part, still signs in.
  const other = await signUpFrom(apps[0]!, newClient());
  expect((await signIn(apps[0]!, other.email, other.password, newClient())).statusCode).toBe(200);
}

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

/** The Redis instances' daily ceiling of sign-in code guesses (under the minute's 20 an address). */
const REDIS_CODE_GUESSES = 6;

/**
 * An instance of the Redis tests, on the file's shared database. Behind a proxy, so that each
 * test counts for client addresses of its own: the counters in Redis outlive the apps (a minute),
 * and the suite runs again on PostgreSQL within it.
 */
const appOnSharedDatabase = async (
  { database }: { database: TestDatabase },
  tools: Parameters<typeof openTestApp>[1],
) =>
  openTestApp(
    {
      database: await database.connect(),
      config: {
        redisUrl: testRedis.url,
        trustProxy: true,
        signInCodeGuessesPerDay: REDIS_CODE_GUESSES,
      },
    },
    tools,
  );

// One app per describe block: each counts its own attempts.
const inMemoryTest = appTest();
const redisTest = appTest()
  .extend('first', { scope: 'file' }, appOnSharedDatabase)
  .extend('second', { scope: 'file' }, appOnSharedDatabase);
const loadBalancerTest = appTest({ config: { trustProxy: true } });
const acrossTest = appTest({ config: { trustProxy: true } });
const spellingTest = appTest();

describe('sign-in and reset rate limits (in memory)', () => {
  inMemoryTest(
    'allows 10 sign-in attempts a minute for one e-mail; the 11th gets 429, even with the right password',
    async ({ app }) => {
      expect(IDENTITY_RATE_LIMITS.perClientAndAddress).toEqual({ max: 10, timeWindow: 60_000 });
      const account = await signUpTestAccount(app, { password: 'right-anvil-ledger-42' });
      expect(await failedSignIns(app, account.email, 10)).toEqual(Array(10).fill(401));

      const eleventh = await signIn(app, account.email, 'right-anvil-ledger-42');
      expect(eleventh.statusCode).toBe(429);
      expect(eleventh.json()).toEqual(tooManySignIns);
      expect(eleventh.headers['retry-after']).toBeDefined();
      expect(eleventh.cookies).toHaveLength(0);
      // The e-mail in another case is the same account.
      expect(
        (await signIn(app, account.email.toUpperCase(), 'right-anvil-ledger-42')).statusCode,
      ).toBe(429);

      // Another e-mail is not affected.
      const other = await signUpTestAccount(app, { password: 'right-anvil-ledger-42' });
      expect((await signIn(app, other.email, 'right-anvil-ledger-42')).statusCode).toBe(200);
    },
  );

  // Within the minute's 10 for one client and e-mail, the address's hour (issue 40) comes first.
  inMemoryTest('limits password reset requests for one e-mail: 5 an hour', async ({ app }) => {
    const email = uniqueEmail('reset');
    const codes: number[] = [];
    for (let n = 0; n < 6; n += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        headers: identityHeaders(app),
        payload: { email, redirectTo: '/reset-password' },
      });
      codes.push(response.statusCode);
      if (response.statusCode === 429) {
        const minutes = Math.ceil(Number(response.headers['retry-after']) / 60);
        expect(response.json()).toEqual({
          statusCode: 429,
          message: texts.identityErrors.tooManyEmails(minutes),
        });
      }
    }
    expect(codes).toEqual([...Array(5).fill(200), 429]);
  });

  inMemoryTest(
    'limits verification e-mails for one address: 5 an hour (anyone may ask for one)',
    async ({ app }) => {
      const account = await signUpTestAccount(app);
      const codes: number[] = [];
      for (let n = 0; n < 6; n += 1) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/auth/send-verification-email',
          // With the session: without one Better Auth pads each answer to a fixed duration.
          headers: identityHeaders(app, account.cookie),
          payload: { email: account.email, callbackURL: '/' },
        });
        codes.push(response.statusCode);
      }
      expect(codes).toEqual([...Array(5).fill(200), 429]);
    },
  );

  inMemoryTest('limits sign-ups for one e-mail the same way', async ({ app }) => {
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

describe.skipIf(testRedis.skip)('identity rate limits shared through Redis (REDIS_URL)', () => {
  let redis: Redis;

  beforeAll(async () => {
    testRedis.expectAnswering();
    redis = new Redis(testRedis.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
  });
  afterAll(() => {
    redis?.disconnect();
  });

  redisTest(
    'counts in Redis: the 11th attempt for one e-mail gets 429, another e-mail does not',
    async ({ first }) => {
      const client = newClient();
      const account = await signUpFrom(first, newClient());
      const codes = await wrongGuesses(
        [first],
        Array.from({ length: 10 }, () => ({ email: account.email, client })),
      );
      expect(codes).toEqual(Array(10).fill(401));
      const eleventh = await signIn(first, account.email, account.password, client);
      expect(eleventh.statusCode).toBe(429);
      expect(eleventh.json()).toEqual(tooManySignIns);

      // One counter per endpoint (as Better Auth resolves it), client address and e-mail, expiring
      // with the window. Counters made with createRateLimit() share the plugin's namespace.
      const keys = await redis.keys(
        `tools-factory-rate-limit-*identity:/sign-in/email:client+address:${client}:${account.email}`,
      );
      expect(keys).toHaveLength(1);
      const [key] = keys as [string];
      expect(Number(await redis.get(key))).toBeGreaterThanOrEqual(11);
      expect(await redis.pttl(key)).toBeGreaterThan(0);
      expect(await redis.pttl(key)).toBeLessThanOrEqual(
        IDENTITY_RATE_LIMITS.perClientAndAddress.timeWindow,
      );

      const other = await signUpFrom(first, newClient());
      expect((await signIn(first, other.email, other.password, client)).statusCode).toBe(200);
    },
  );

  redisTest(
    'two instances share the count: attempts split between them reach 429 together',
    async ({ first, second }) => {
      const client = newClient();
      const account = await signUpFrom(first, newClient());
      const codes = await wrongGuesses(
        [first, second],
        Array.from({ length: 10 }, () => ({ email: account.email, client })),
      );
      expect(codes).toEqual(Array(10).fill(401));
      // Each instance saw only five attempts, yet both refuse the next one.
      expect((await signIn(second, account.email, account.password, client)).statusCode).toBe(429);
      expect((await signIn(first, account.email, account.password, client)).statusCode).toBe(429);
    },
  );

  redisTest(
    'one client trying many e-mails on both instances is stopped after 30',
    async ({ first, second }) => {
      await expectOneClientStoppedAcrossAddresses([first, second]);
    },
  );

  redisTest(
    'many clients guessing one e-mail on both instances are stopped after 20 together',
    async ({ first, second }) => {
      await expectOneAddressStoppedAcrossClients([first, second]);
    },
  );

  redisTest(
    "an account's sign-in code guesses are counted in Redis across instances and clients, for a day (issue 40)",
    async ({ first, second }) => {
      const account = await signUpFrom(first, newClient());
      const guess = (app: App) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email-otp',
          headers: { ...identityHeaders(app), 'x-forwarded-for': newClient() },
          payload: { email: account.email, otp: '0000-0000' },
        });
      for (let n = 0; n < REDIS_CODE_GUESSES; n += 1) {
        expect((await guess(n % 2 === 0 ? first : second)).statusCode).toBe(400);
      }
      // Each instance saw three guesses, from clients of their own: both refuse the next.
      for (const app of [first, second]) {
        const refused = await guess(app);
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toMatchObject({
          message: texts.identityErrors.signInCodesPaused(24),
        });
      }
      const keys = await redis.keys(
        `tools-factory-rate-limit-*identity:sign-in-code-guesses:${account.email}`,
      );
      expect(keys).toHaveLength(1);
      const [key] = keys as [string];
      expect(Number(await redis.get(key))).toBe(REDIS_CODE_GUESSES + 2);
      expect(await redis.pttl(key)).toBeGreaterThan(23 * 3600_000);
      expect(await redis.pttl(key)).toBeLessThanOrEqual(24 * 3600_000);
    },
  );
});

describe('sign-in rate limit behind a load balancer (TRUST_PROXY)', () => {
  loadBalancerTest(
    'counts each forwarded client on its own instead of the proxy address',
    async ({ app }) => {
      const account = await signUpTestAccount(app, { password: 'right-anvil-ledger-42' });
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
    },
  );
});

describe('per client across addresses, and per address across clients (in memory)', () => {
  acrossTest('the limits are the documented ones', () => {
    expect(IDENTITY_RATE_LIMITS).toEqual({
      perClientAndAddress: { max: 10, timeWindow: 60_000 },
      perClient: { max: 30, timeWindow: 60_000 },
      perAddress: { max: 20, timeWindow: 60_000 },
    });
  });

  acrossTest(
    'one client trying many e-mails is stopped after 30, whatever the next e-mail',
    async ({ app }) => {
      await expectOneClientStoppedAcrossAddresses([app]);
    },
  );

  acrossTest(
    'many clients guessing one e-mail are stopped after 20 together, even with the right password',
    async ({ app }) => {
      await expectOneAddressStoppedAcrossClients([app]);
    },
  );

  acrossTest(
    'one client asking for reset links to many inboxes is stopped after 30',
    async ({ app }) => {
      const client = newClient();
      const codes: number[] = [];
      for (let n = 0; n <= IDENTITY_RATE_LIMITS.perClient.max; n += 1) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/auth/request-password-reset',
          headers: { ...identityHeaders(app), 'x-forwarded-for': client },
          payload: { email: uniqueEmail('inbox'), redirectTo: '/reset-password' },
        });
        codes.push(response.statusCode);
      }
      expect(codes).toEqual([...Array(IDENTITY_RATE_LIMITS.perClient.max).fill(200), 429]);
    },
  );
});

/** A request sent as written (app.inject, like browsers, resolves dot segments before sending). */
function rawRequest(
  app: App,
  options: { method: string; path: string; payload?: object },
): Promise<{ statusCode: number; body: string; cookies: string[] }> {
  const { port } = app.server.address() as AddressInfo;
  const body = options.payload ? JSON.stringify(options.payload) : undefined;
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: options.method,
        path: options.path,
        headers: {
          ...identityHeaders(app),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({
            statusCode: response.statusCode ?? 0,
            body: text,
            cookies: response.headers['set-cookie'] ?? [],
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

describe('every spelling of a limited endpoint is refused or counted as that endpoint', () => {
  spellingTest.beforeAll(async ({ app }) => {
    await app.listen({ host: '127.0.0.1', port: 0 });
  });

  /** Spellings WHATWG URL parsing (Better Auth's) resolves to /api/auth/sign-in/email. */
  const unplainSpellings = [
    '/api/auth/./sign-in/email',
    '/api/auth/x/../sign-in/email',
    '/api/auth/%2e/sign-in/email',
    '/api/auth/%2E/sign-in/email',
    '/api/auth/x/%2e%2E/sign-in/email',
    '/api/auth/x/.%2e/sign-in/email',
    '/api/auth/sign-in/./email',
    '/api/./auth/sign-in/email',
    '/x/../api/auth/sign-in/email',
    '/api/auth\\sign-in/email',
    '/api/auth/x\\..\\sign-in/email',
    '/api/auth//sign-in/email',
  ];
  /** Spellings Better Auth's router does not take for sign-in (case, trailing slash, escapes). */
  const notSignIn = [
    '/api/auth/sign-in/email/',
    '/api/auth/Sign-In/Email',
    '/api/auth/SIGN-IN/EMAIL',
    '/api/auth/sign-in/%65mail',
    '/api/auth/sign-in%2Femail',
  ];

  spellingTest(
    'refuses paths with dot segments, doubled slashes or backslashes under /api with 400',
    async ({ app }) => {
      const account = await signUpTestAccount(app, { password: 'right-anvil-ledger-42' });
      for (const path of unplainSpellings) {
        const response = await rawRequest(app, {
          method: 'POST',
          path,
          payload: { email: account.email, password: 'right-anvil-ledger-42' },
        });
        expect(response.statusCode, path).toBe(400);
        expect(JSON.parse(response.body), path).toEqual({
          statusCode: 400,
          message: serverTexts.pathErrors.notPlain,
        });
        expect(response.cookies, path).toHaveLength(0);
      }
    },
  );

  spellingTest(
    'answers 404 for spellings Better Auth itself would not take for sign-in: no session',
    async ({ app }) => {
      const account = await signUpTestAccount(app, { password: 'right-anvil-ledger-42' });
      for (const path of notSignIn) {
        const response = await rawRequest(app, {
          method: 'POST',
          path,
          payload: { email: account.email, password: 'right-anvil-ledger-42' },
        });
        expect(response.statusCode, path).toBe(404);
        expect(JSON.parse(response.body), path).toMatchObject({ statusCode: 404 });
        expect(response.cookies, path).toHaveLength(0);
      }
    },
  );

  spellingTest(
    'counts every spelling that reaches sign-in as sign-in: the 11th attempt gets 429',
    async ({ app }) => {
      const account = await signUpTestAccount(app, { password: 'right-anvil-ledger-42' });
      const reachSignIn = [
        '/api/auth/sign-in/email',
        '/api/auth/sign-in/email?',
        '/api/auth/sign-in/email?x=1',
        '/api/auth/sign-in/email?callbackURL=/',
      ];
      const codes: number[] = [];
      for (let n = 0; n < 10; n += 1) {
        // Between two counted attempts, one that tries to walk around the count.
        const around = await rawRequest(app, {
          method: 'POST',
          path: unplainSpellings[n % unplainSpellings.length]!,
          payload: { email: account.email, password: 'wrong-guess' },
        });
        expect(around.statusCode).toBe(400);
        const counted = await rawRequest(app, {
          method: 'POST',
          path: reachSignIn[n % reachSignIn.length]!,
          payload: { email: account.email, password: 'wrong-guess' },
        });
        codes.push(counted.statusCode);
      }
      expect(codes).toEqual(Array(10).fill(401));
      const eleventh = await rawRequest(app, {
        method: 'POST',
        path: '/api/auth/sign-in/email?again=1',
        payload: { email: account.email, password: 'right-anvil-ledger-42' },
      });
      expect(eleventh.statusCode).toBe(429);
      expect(JSON.parse(eleventh.body)).toEqual(tooManySignIns);
      expect(eleventh.cookies).toHaveLength(0);
    },
  );

  spellingTest(
    'keys on the endpoint as Better Auth resolves the URL, whatever Fastify routed',
    ({ app }) => {
      const origin = app.config.publicUrl;
      for (const path of unplainSpellings.filter((spelling) => !spelling.includes('//'))) {
        const resolved = new URL(path, origin).pathname;
        expect(findIdentityEndpoint('POST', resolved)?.path, path).toBe('/sign-in/email');
      }
      for (const path of [...notSignIn, '/api/auth//sign-in/email']) {
        expect(findIdentityEndpoint('POST', new URL(path, origin).pathname), path).toBeUndefined();
      }
      expect(findIdentityEndpoint('GET', '/api/auth/sign-in/email')).toBeUndefined();
      expect(findIdentityEndpoint('GET', '/api/auth/reset-password/some-token')?.path).toBe(
        '/reset-password/:token',
      );
    },
  );
});

/*
 * Issue 40 item 4: from 30 clients in a minute a stranger sent one inbox 20 sign-in codes and 20
 * reset e-mails. Each kind of e-mail is now limited per recipient, whoever asks, with the same
 * answer whether or not an account uses the address.
 */
const recipientTest = appTest({ config: { trustProxy: true } });

/** The three calls that e-mail an address, as anyone may make them (no session). */
const mailingCalls = [
  {
    kind: 'sign-in codes',
    path: '/api/auth/email-otp/send-verification-otp',
    payload: (email: string) => ({ email, type: 'sign-in' }),
    subject: serverTexts.mail.signInCode.subject,
  },
  {
    kind: 'reset e-mails',
    path: '/api/auth/request-password-reset',
    payload: (email: string) => ({ email, redirectTo: '/reset-password' }),
    subject: serverTexts.mail.resetPassword.subject,
  },
  {
    kind: 'verification e-mails',
    path: '/api/auth/send-verification-email',
    payload: (email: string) => ({ email, callbackURL: '/' }),
    subject: serverTexts.mail.verifyEmail.subject,
  },
] as const;

describe('e-mails per recipient (issue 40 item 4)', () => {
  recipientTest('the limit is the documented one', ({ app }) => {
    expect(app.config.identityEmailsPerHour).toBe(5);
  });

  for (const call of mailingCalls) {
    recipientTest(
      `at most 5 ${call.kind} an hour to one address, from any number of clients; the same answers for an address without an account`,
      async ({ app }) => {
        const max = 5;
        const account = await signUpFrom(app, newClient());
        const nobody = uniqueEmail('nobody');
        for (const email of [account.email, nobody]) {
          const answers: { statusCode: number; body: unknown }[] = [];
          for (let n = 0; n <= max; n += 1) {
            const response = await app.inject({
              method: 'POST',
              url: call.path,
              headers: { ...identityHeaders(app), 'x-forwarded-for': newClient() },
              payload: call.payload(email),
            });
            answers.push({ statusCode: response.statusCode, body: response.json<unknown>() });
            if (response.statusCode === 429) {
              const retryAfter = Number(response.headers['retry-after']);
              expect(retryAfter).toBeGreaterThan(3500);
              expect(retryAfter).toBeLessThanOrEqual(3600);
              expect(response.json()).toEqual({
                statusCode: 429,
                message: texts.identityErrors.tooManyEmails(Math.ceil(retryAfter / 60)),
              });
            }
          }
          expect(answers.map((answer) => answer.statusCode)).toEqual([
            ...Array(max).fill(200),
            429,
          ]);
          // Word for word the same for both addresses: nobody learns which has an account.
          expect(
            new Set(answers.slice(0, max).map((answer) => JSON.stringify(answer.body))).size,
          ).toBe(1);
        }
        const sent = (await readOutbox(app)).filter(
          (mail) =>
            mail.headers.to?.includes(account.email) &&
            mail.headers.subject?.includes(call.subject),
        );
        expect(sent).toHaveLength(max);
      },
    );
  }

  recipientTest('each kind is counted on its own, and per address', async ({ app }) => {
    const account = await signUpFrom(app, newClient());
    const [codes, resets] = mailingCalls;
    for (let n = 0; n < 5; n += 1) {
      const response = await app.inject({
        method: 'POST',
        url: resets.path,
        headers: { ...identityHeaders(app), 'x-forwarded-for': newClient() },
        payload: resets.payload(account.email),
      });
      expect(response.statusCode).toBe(200);
    }
    // A stranger's reset requests leave the owner room to ask for a code.
    const code = await app.inject({
      method: 'POST',
      url: codes.path,
      headers: { ...identityHeaders(app), 'x-forwarded-for': newClient() },
      payload: codes.payload(account.email),
    });
    expect(code.statusCode).toBe(200);
    // And another address is not affected.
    const other = await app.inject({
      method: 'POST',
      url: resets.path,
      headers: { ...identityHeaders(app), 'x-forwarded-for': newClient() },
      payload: resets.payload(uniqueEmail('other')),
    });
    expect(other.statusCode).toBe(200);
  });
});
