import { setTimeout as sleep } from 'node:timers/promises';
import { serverTexts } from '@tools-factory/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { findTestRedis } from '../testing/redis.ts';
import { startTcpProxy, type TcpProxy } from '../testing/tcp-proxy.ts';
import { REDIS_TIMEOUT_MS } from './rate-limit.ts';
import { uniqueEmail } from '../testing/accounts.ts';
import { expectError, postIdentity, postOrder } from '../testing/requests.ts';
import {
  useTestAccount,
  useTestApp,
  useTestDatabase,
  useTestTool,
} from '../testing/use-test-app.ts';

// A port nothing listens on: Redis is down for the whole life of this app.
const UNREACHABLE_REDIS = 'redis://127.0.0.1:1';

describe('rate limits with Redis out of reach (REDIS_URL set, nothing answering)', () => {
  const app = useTestApp({ config: { redisUrl: UNREACHABLE_REDIS } });

  it('answers a limited identity call (sign-in) 503 in words, not 500: nothing goes through uncounted', async () => {
    const response = await postIdentity(app, '/sign-in/email', {
      email: uniqueEmail('outage'),
      password: 'secret123',
    });
    expectError(response, 503, serverTexts.apiErrors.serviceUnavailable);
  });

  it('answers sign-up 503 too', async () => {
    const email = uniqueEmail('outage');
    const response = await postIdentity(app, '/sign-up/email', {
      name: 'Olga Outage',
      email,
      password: 'secret123',
    });
    expectError(response, 503, serverTexts.apiErrors.serviceUnavailable);
  });
});

describe('the order limit with Redis out of reach', () => {
  // The account and the tool are made through an instance that counts in memory; the orders go
  // to an instance on the same database whose Redis does not answer.
  const database = useTestDatabase();
  const counting = useTestApp(async () => ({ database: await database.connect() }));
  const cutOff = useTestApp(async () => ({
    database: await database.connect(),
    config: { redisUrl: UNREACHABLE_REDIS },
  }));
  const customer = useTestAccount(counting);
  const tool = useTestTool(counting, { minOrderQuantity: 10, availableQuantity: 500 });

  it('answers POST /order 503 in words, not 500, and places no order', async () => {
    const response = await postOrder(cutOff, customer, tool, { quantity: 11 });
    expectError(response, 503, serverTexts.apiErrors.serviceUnavailable);
    const mine = await counting.inject({
      url: `/api/orders?email=${encodeURIComponent(customer.email)}`,
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(mine.json()).toEqual([]);
  });
});

const redis = await findTestRedis('rate limits, Redis going away');

describe.skipIf(redis.skip)('rate limits when Redis goes away while the app runs', () => {
  let proxy: TcpProxy | undefined;
  const app = useTestApp(async () => {
    redis.expectAnswering();
    const url = new URL(redis.url);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 6379) });
    return { config: { redisUrl: proxy.urlFor(redis.url) } };
  });
  afterAll(async () => proxy?.close());

  /**
   * A sign-in attempt (a limited call), which must be answered before this deadline: not a
   * timing of the server, the bound past which it would be waiting for Redis to come back
   * (ioredis's reconnection, seconds) instead of failing fast.
   */
  const signIn = async () => {
    const attempt = postIdentity(app, '/sign-in/email', {
      email: uniqueEmail('redis-gone'),
      password: 'secret123',
    });
    const deadline = sleep(REDIS_TIMEOUT_MS * 3).then(() => 'no answer' as const);
    return Promise.race([attempt, deadline]);
  };

  it('refuses at once, in words, while Redis refuses connections, and counts again once it is back', async () => {
    const before = await signIn();
    expect(before).not.toBe('no answer');
    if (before === 'no answer') return;
    expect(before.statusCode).toBe(401);

    proxy!.cut('refuse');
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const during = await signIn();
      expect(during).not.toBe('no answer');
      if (during === 'no answer') return;
      expectError(during, 503, serverTexts.apiErrors.serviceUnavailable);
    }

    proxy!.restore();
    await expect
      .poll(async () => ((await signIn()) as { statusCode?: number }).statusCode, {
        timeout: 10_000,
      })
      .toBe(401);
  });

  it('refuses in words when Redis accepts the connection and never answers', async () => {
    proxy!.cut('blackhole');
    try {
      const during = await signIn();
      expect(during).not.toBe('no answer');
      if (during === 'no answer') return;
      expectError(during, 503, serverTexts.apiErrors.serviceUnavailable);
    } finally {
      proxy!.restore();
    }
  });
});
