import { setTimeout as sleep } from 'node:timers/promises';
import { serverTexts } from '@tools-factory/contract';
import { describe, expect } from 'vitest';
import { findTestRedis } from '../testing/redis.ts';
import { startTcpProxy } from '../testing/tcp-proxy.ts';
import { REDIS_TIMEOUT_MS } from './rate-limit.ts';
import { uniqueEmail } from '../testing/accounts.ts';
import { expectError, postIdentity, postOrder } from '../testing/requests.ts';
import type { App } from '../app.ts';
import { appTest, closeAtEnd, openTestApp } from '../testing/app-fixtures.ts';

// A port nothing listens on: Redis is down for the whole life of this app.
const UNREACHABLE_REDIS = 'redis://127.0.0.1:1';

const redisDownTest = appTest({ config: { redisUrl: UNREACHABLE_REDIS } });

describe('rate limits with Redis out of reach (REDIS_URL set, nothing answering)', () => {
  redisDownTest(
    'answers a limited identity call (sign-in) 503 in words, not 500: nothing goes through uncounted',
    async ({ app }) => {
      const response = await postIdentity(app, '/sign-in/email', {
        email: uniqueEmail('outage'),
        password: 'secret123',
      });
      expectError(response, 503, serverTexts.apiErrors.serviceUnavailable);
    },
  );

  redisDownTest('answers sign-up 503 too', async ({ app }) => {
    const email = uniqueEmail('outage');
    const response = await postIdentity(app, '/sign-up/email', {
      name: 'Olga Outage',
      email,
      password: 'secret123',
    });
    expectError(response, 503, serverTexts.apiErrors.serviceUnavailable);
  });
});

// The account and the tool are made through an instance that counts in memory (`counting`, the
// app of the fixtures); the orders go to an instance on the same database whose Redis does not
// answer.
const orderLimitTest = appTest({ tool: { minOrderQuantity: 10, availableQuantity: 500 } })
  .extend('app', { scope: 'file' }, async ({ database }, tools) =>
    openTestApp({ database: await database.connect() }, tools),
  )
  .extend('counting', { scope: 'file' }, ({ app }) => app)
  .extend('cutOff', { scope: 'file' }, async ({ database }, tools) =>
    openTestApp(
      { database: await database.connect(), config: { redisUrl: UNREACHABLE_REDIS } },
      tools,
    ),
  );

describe('the order limit with Redis out of reach', () => {
  orderLimitTest(
    'answers POST /order 503 in words, not 500, and places no order',
    async ({ customer, tool, counting, cutOff }) => {
      const response = await postOrder(cutOff, customer, tool, { quantity: 11 });
      expectError(response, 503, serverTexts.apiErrors.serviceUnavailable);
      const mine = await counting.inject({
        url: `/api/orders?email=${encodeURIComponent(customer.email)}`,
        headers: { authorization: `Bearer ${customer.token}` },
      });
      expect(mine.json()).toEqual([]);
    },
  );
});

const redis = await findTestRedis('rate limits, Redis going away');

/** The app reaching Redis through a proxy the tests cut. */
const redisGoneTest = appTest()
  // eslint-disable-next-line no-empty-pattern -- Vitest reads a fixture's dependencies from this pattern
  .extend('proxy', { scope: 'file' }, async ({}, tools) => {
    redis.expectAnswering();
    const url = new URL(redis.url);
    const target = { host: url.hostname, port: Number(url.port || 6379) };
    return closeAtEnd(await startTcpProxy(target), tools);
  })
  .extend('app', { scope: 'file' }, ({ proxy }, tools) =>
    openTestApp({ config: { redisUrl: proxy.urlFor(redis.url) } }, tools),
  );

describe.skipIf(redis.skip)('rate limits when Redis goes away while the app runs', () => {
  /**
   * A sign-in attempt (a limited call), which must be answered before this deadline: not a
   * timing of the server, the bound past which it would be waiting for Redis to come back
   * (ioredis's reconnection, seconds) instead of failing fast.
   */
  const signIn = async (app: App) => {
    const attempt = postIdentity(app, '/sign-in/email', {
      email: uniqueEmail('redis-gone'),
      password: 'secret123',
    });
    const deadline = sleep(REDIS_TIMEOUT_MS * 3).then(() => 'no answer' as const);
    return Promise.race([attempt, deadline]);
  };

  redisGoneTest(
    'refuses at once, in words, while Redis refuses connections, and counts again once it is back',
    async ({ app, proxy }) => {
      const before = await signIn(app);
      expect(before).not.toBe('no answer');
      if (before === 'no answer') return;
      expect(before.statusCode).toBe(401);

      proxy.cut('refuse');
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const during = await signIn(app);
        expect(during).not.toBe('no answer');
        if (during === 'no answer') return;
        expectError(during, 503, serverTexts.apiErrors.serviceUnavailable);
      }

      proxy.restore();
      await expect
        .poll(async () => ((await signIn(app)) as { statusCode?: number }).statusCode, {
          timeout: 10_000,
        })
        .toBe(401);
    },
  );

  redisGoneTest(
    'refuses in words when Redis accepts the connection and never answers',
    async ({ app, proxy }) => {
      proxy.cut('blackhole');
      try {
        const during = await signIn(app);
        expect(during).not.toBe('no answer');
        if (during === 'no answer') return;
        expectError(during, 503, serverTexts.apiErrors.serviceUnavailable);
      } finally {
        proxy.restore();
      }
    },
  );
});
