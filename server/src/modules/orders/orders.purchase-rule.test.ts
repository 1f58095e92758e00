import { describe, expect } from 'vitest';
import {
  API_BASE,
  apiPaths,
  isPayableTotal,
  isQuantityAllowed,
  MAX_WHOLE_NUMBER,
  PAYABLE_LIMIT_TEXT,
  texts,
  ToolSchema,
} from '@tools-factory/contract';
import { bearer } from '../../testing/accounts.ts';
import { createTestTool } from '../../testing/factories.ts';
import { UNCAPPED_ORDERS } from '../../testing/test-config.ts';
import { appTest } from '../../testing/app-fixtures.ts';

/**
 * The purchase rule lives in the contract (isQuantityAllowed, which the purchase page calls);
 * the conditional UPDATE that reserves stock states it again in SQL, so that two orders at once
 * never oversell. Here the API's answer is held against the rule's verdict on each boundary.
 */
const TOOL_PRICE_CENTS = 1999;

// Many orders from one account: the caps on unpaid orders and orders a minute are not the subject.
const it = appTest({ config: UNCAPPED_ORDERS });

describe('the purchase rule: POST /order agrees with isQuantityAllowed', () => {
  /** Quantities around both bounds, and the ends of what a quantity can be. */
  function boundaries(min: number, available: number): number[] {
    const around = (n: number) => [n - 1, n, n + 1];
    const quantities = [1, ...around(min), ...around(available), MAX_WHOLE_NUMBER];
    return [...new Set(quantities)].filter((quantity) => quantity >= 1).sort((a, b) => a - b);
  }

  const shapes = [
    { minOrderQuantity: 10, availableQuantity: 20 },
    { minOrderQuantity: 1, availableQuantity: 3 },
    // No quantity fits: strictly above 5 and strictly below 6.
    { minOrderQuantity: 5, availableQuantity: 6 },
    { minOrderQuantity: 100, availableQuantity: MAX_WHOLE_NUMBER },
  ];

  describe.each(shapes)(
    'a tool with minimum $minOrderQuantity and $availableQuantity available',
    (shape) => {
      it.for(boundaries(shape.minOrderQuantity, shape.availableQuantity))(
        'quantity %i: accepted exactly when the rule allows it',
        async (quantity, { app, customer }) => {
          // A fresh tool per quantity: an accepted order takes its stock.
          const tool = await createTestTool(app, { ...shape, priceCents: TOOL_PRICE_CENTS });
          const inRange = isQuantityAllowed(quantity, shape);
          // A quantity the rule allows may still come to more than one payment takes (the
          // largest ones here do, even at the factory's $19.99): refused as a total, not a quantity.
          const payable = isPayableTotal(quantity * TOOL_PRICE_CENTS);
          const allowed = inRange && payable;

          const response = await app.inject({
            method: 'POST',
            url: `${API_BASE}${apiPaths.order}`,
            headers: bearer(customer.token),
            payload: {
              toolId: tool.id,
              name: tool.name,
              address: '12 Forge Lane, Sheffield',
              quantity,
              email: customer.email,
            },
          });

          if (allowed) {
            expect(response.statusCode).toBe(200);
          } else {
            expect(response.statusCode).toBe(400);
            expect(response.json()).toEqual({
              message: inRange
                ? texts.orders.totalTooLarge(PAYABLE_LIMIT_TEXT)
                : texts.purchase.quantityOutOfRange,
              statusCode: 400,
            });
          }
          const after = ToolSchema.parse(
            (await app.inject(`${API_BASE}${apiPaths.tool(tool.id)}`)).json(),
          );
          expect(after.availableQuantity).toBe(
            allowed ? shape.availableQuantity - quantity : shape.availableQuantity,
          );
        },
      );
    },
  );
});
