import { describe, expect, it } from 'vitest';
import {
  API_BASE,
  apiPaths,
  isQuantityAllowed,
  MAX_WHOLE_NUMBER,
  texts,
  ToolSchema,
} from '@tools-factory/contract';
import { bearer } from '../../testing/accounts.ts';
import { createTestTool } from '../../testing/factories.ts';
import { UNCAPPED_ORDERS } from '../../testing/test-config.ts';
import { useTestAccount, useTestApp } from '../../testing/use-test-app.ts';

/**
 * The purchase rule lives in the contract (isQuantityAllowed, which the purchase page calls);
 * the conditional UPDATE that reserves stock states it again in SQL, so that two orders at once
 * never oversell. Here the API's answer is held against the rule's verdict on each boundary.
 */
describe('the purchase rule: POST /order agrees with isQuantityAllowed', () => {
  // Many orders from one account: the caps on unpaid orders and orders a minute are not the subject.
  const app = useTestApp({ config: UNCAPPED_ORDERS });
  const customer = useTestAccount(app);

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
      it.each(boundaries(shape.minOrderQuantity, shape.availableQuantity))(
        'quantity %i: accepted exactly when the rule allows it',
        async (quantity) => {
          // A fresh tool per quantity: an accepted order takes its stock.
          const tool = await createTestTool(app, shape);
          const allowed = isQuantityAllowed(quantity, shape);

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
              message: texts.purchase.quantityOutOfRange,
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
