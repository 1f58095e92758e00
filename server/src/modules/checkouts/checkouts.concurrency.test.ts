import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { CheckoutRefusalSchema, CheckoutResponseSchema } from '@tools-factory/contract';
import type { App } from '../../app.ts';
import { signUpTestAccount, type TestAccount } from '../../testing/accounts.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { postCheckout } from '../../testing/cart-lines.ts';
import { createTestTool } from '../../testing/factories.ts';
import { availableOf, storedAvailableOf } from '../../testing/orders.ts';
import { injectAs } from '../../testing/requests.ts';
import { UNCAPPED_ORDERS } from '../../testing/test-config.ts';
import { cartLines } from '../cart/cart.table.ts';
import { orders } from '../orders/orders.table.ts';

const BUYERS = 20;
const TOOLS = 12;
const LINES_PER_CART = 10;
const START_STOCK = 1000;

/** A deterministic sequence (a failure can be replayed), uniform in [min, max]. */
function sequence(count: number, min: number, max: number, seed: number): number[] {
  let state = seed;
  return Array.from({ length: count }, () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return min + (state % (max - min + 1));
  });
}

/** The stock the database holds and the one the catalog shows: both must be this. */
async function expectStock(app: App, toolId: string, available: number): Promise<void> {
  expect(await storedAvailableOf(app, toolId)).toBe(available);
  expect(await availableOf(app, toolId)).toBe(available);
}

const it = appTest({ config: UNCAPPED_ORDERS }).extend(
  'buyers',
  { scope: 'file' },
  async ({ app }) => {
    const made: TestAccount[] = [];
    for (let index = 0; index < BUYERS; index += 1) made.push(await signUpTestAccount(app));
    return made;
  },
);

// On PostgreSQL (npm run test:postgres) the checkouts run truly at once through the pool, each
// locking its ten tools' rows; on PGlite they interleave between statements. Either way: no
// oversell, no deadlock (the tools are locked in one order), and every checkout all or nothing.
describe('checkouts under concurrency: 20 buyers, overlapping carts of 10 tools', () => {
  it('places each checkout whole or not at all; the stock adds up; nothing deadlocks', async ({
    app,
    buyers,
  }) => {
    const tools: Awaited<ReturnType<typeof createTestTool>>[] = [];
    for (let index = 0; index < TOOLS; index += 1) {
      tools.push(
        await createTestTool(app, {
          minOrderQuantity: 1,
          availableQuantity: START_STOCK,
          priceCents: 500 + index,
        }),
      );
    }
    // Each buyer's cart: 10 of the 12 tools (the two left out differ from buyer to buyer, so
    // every pair of carts shares at least eight tools), 60 to 160 of each.
    const carts = buyers.map((buyer, index) => {
      const skipped = new Set([index % TOOLS, (index * 5 + 3) % TOOLS]);
      const chosen = tools.filter((_, position) => !skipped.has(position));
      const wanted = sequence(chosen.length, 60, 160, 7 + index);
      return {
        buyer,
        lines: chosen.slice(0, LINES_PER_CART).map((tool, line) => ({
          tool,
          quantity: wanted[line]!,
        })),
      };
    });
    for (const { buyer, lines } of carts) {
      expect(lines).toHaveLength(LINES_PER_CART);
      for (const { tool, quantity } of lines) {
        const put = await injectAs(app, buyer, {
          method: 'PUT',
          url: `/api/cart/lines/${tool.id}`,
          payload: { quantity },
        });
        expect(put.statusCode, put.body).toBe(200);
      }
    }
    // Demand well above the stock: some checkouts must fail, and fail whole.
    const demand = new Map<string, number>();
    for (const { lines } of carts) {
      for (const { tool, quantity } of lines) {
        demand.set(tool.id, (demand.get(tool.id) ?? 0) + quantity);
      }
    }
    expect(Math.min(...demand.values())).toBeGreaterThan(START_STOCK);

    const responses = await Promise.all(
      carts.map(({ buyer }, index) => postCheckout(app, buyer, { poNumber: `PO-${index}` })),
    );

    const sold = new Map<string, number>();
    let placed = 0;
    let refused = 0;
    for (const [index, response] of responses.entries()) {
      const { buyer, lines } = carts[index]!;
      const held = await app.database.db
        .select()
        .from(orders)
        .where(eq(orders.userId, buyer.userId));
      const cart = await app.database.db
        .select()
        .from(cartLines)
        .where(eq(cartLines.userId, buyer.userId));
      if (response.statusCode === 201) {
        placed += 1;
        const { checkout } = CheckoutResponseSchema.parse(response.json());
        // Whole: every line of the cart is an order of this checkout, and the cart is empty.
        expect(checkout.lines).toHaveLength(lines.length);
        expect(held).toHaveLength(lines.length);
        expect(new Set(held.map((row) => row.checkoutId))).toEqual(new Set([checkout._id]));
        expect(cart).toEqual([]);
        for (const { tool, quantity } of lines) {
          sold.set(tool.id, (sold.get(tool.id) ?? 0) + quantity);
        }
      } else {
        // Or nothing: no order at all, the cart as it was, the reason per line.
        expect(response.statusCode, response.body).toBe(409);
        refused += 1;
        expect(CheckoutRefusalSchema.parse(response.json()).lines?.length).toBeGreaterThan(0);
        expect(held).toEqual([]);
        expect(cart).toHaveLength(lines.length);
      }
    }
    expect(placed).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
    for (const tool of tools) {
      await expectStock(app, tool.id, START_STOCK - (sold.get(tool.id) ?? 0));
    }
  });
});
