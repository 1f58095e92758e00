import { serverTexts } from '@tools-factory/contract';
import { describe, expect, it } from 'vitest';
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
