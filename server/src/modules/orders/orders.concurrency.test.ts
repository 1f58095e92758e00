import { describe, expect } from 'vitest';
import {
  ErrorBodySchema,
  PlaceOrderResponseSchema,
  ToolListSchema,
  ToolSchema,
} from '@tools-factory/contract';
import { bearer, signUpTestAccount, type TestAccount } from '../../testing/accounts.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { postOrder } from '../../testing/requests.ts';
import { UNCAPPED_ORDERS } from '../../testing/test-config.ts';
import { createTestTool } from '../../testing/factories.ts';

const QUANTITY_MESSAGE = 'You cannot order less than minimum quantity or more then avilable';
const ACCOUNTS = 20;
const ORDERS_PER_ACCOUNT = 10;
const START_STOCK = 1000;

/** A deterministic sequence (so a failure can be replayed), uniform in [min, max]. */
function quantities(count: number, min: number, max: number, seed = 42): number[] {
  let state = seed;
  return Array.from({ length: count }, () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return min + (state % (max - min + 1));
  });
}

const it = appTest({ config: UNCAPPED_ORDERS }).extend(
  'accounts',
  { scope: 'file' },
  async ({ app }) => {
    const made: TestAccount[] = [];
    for (let index = 0; index < ACCOUNTS; index += 1) made.push(await signUpTestAccount(app));
    return made;
  },
);

// On PostgreSQL (npm run test:postgres) the requests run truly at once through the pool; on
// PGlite they interleave between statements. Either way the stock must never go below zero.
describe('orders under concurrency: 200 orders at once against one tool', () => {
  it('never sells more than the stock, and the stock left is the start minus what was sold', async ({
    app,
    accounts,
  }) => {
    const tool = await createTestTool(app, {
      minOrderQuantity: 1,
      availableQuantity: START_STOCK,
      priceCents: 750,
    });
    // What the catalog answers for the tool: its list, its own page and a search for its name.
    const search = `/api/parts?q=${encodeURIComponent(tool.name)}&sort=available`;
    const shown = async () => {
      const inParts = ToolListSchema.parse((await app.inject('/api/parts')).json()).find(
        (listed) => listed._id === tool.id,
      );
      const own = ToolSchema.parse((await app.inject(`/api/tool/${tool.id}`)).json());
      const found = ToolListSchema.parse((await app.inject(search)).json());
      expect(found.map((listed) => listed._id)).toEqual([tool.id]);
      return [inParts?.availableQuantity, own.availableQuantity, found[0]?.availableQuantity];
    };
    // The search is kept with the snapshot before the orders: the patches must not leave it stale.
    expect(await shown()).toEqual([START_STOCK, START_STOCK, START_STOCK]);
    const wanted = quantities(ACCOUNTS * ORDERS_PER_ACCOUNT, 2, 20);
    // Enough demand to run out: the sum asked is well above the stock.
    expect(wanted.reduce((a, b) => a + b, 0)).toBeGreaterThan(START_STOCK * 1.5);

    const responses = await Promise.all(
      wanted.map((quantity, index) => {
        const account = accounts[index % ACCOUNTS]!;
        return postOrder(app, account, tool, {
          address: `${index} Concurrency Street`,
          quantity,
          price: 7.5,
        });
      }),
    );

    let sold = 0;
    let succeeded = 0;
    for (const [index, response] of responses.entries()) {
      if (response.statusCode === 200) {
        const { order } = PlaceOrderResponseSchema.parse(response.json());
        expect(order.quantity).toBe(wanted[index]);
        sold += order.quantity;
        succeeded += 1;
      } else {
        expect(response.statusCode, response.body).toBe(400);
        expect(ErrorBodySchema.parse(response.json()).message).toBe(QUANTITY_MESSAGE);
      }
    }

    // The rule is strict (quantity < available), so at least one unit always stays.
    expect(sold).toBeLessThan(START_STOCK);
    expect(succeeded).toBeGreaterThan(0);
    expect(succeeded).toBeLessThan(wanted.length);
    // The catalog snapshot, patched by each order after its commit (no rebuild), shows exactly
    // the stock the orders left, in every answer, as soon as the orders have answered.
    const left = START_STOCK - sold;
    expect(await shown()).toEqual([left, left, left]);

    // The orders recorded are exactly the successful ones.
    let recorded = 0;
    for (const account of accounts) {
      const listed = await app.inject({
        url: `/api/orders?email=${encodeURIComponent(account.email)}`,
        headers: bearer(account.token),
      });
      for (const order of listed.json() as { toolId: string; quantity: number }[]) {
        if (order.toolId === tool.id) recorded += order.quantity;
      }
    }
    expect(recorded).toBe(sold);
  });
});
