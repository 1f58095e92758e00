import { randomUUID } from 'node:crypto';
import { CheckoutResponseSchema, type CheckoutResponse } from '@tools-factory/contract';
import { expect } from 'vitest';
import type { App } from '../app.ts';
import { cartLines } from '../modules/cart/cart.table.ts';
import { injectAs } from './requests.ts';

/**
 * Puts lines straight into an account's cart (the cart table), each with the unit price the
 * buyer was shown (`unitPriceCents`, by default the tool's list price), as a cart filled earlier
 * would hold them: a checkout test then needs no cart route.
 */
export async function fillCart(
  app: App,
  account: { userId: string },
  lines: readonly {
    tool: { id: string; priceCents: number };
    quantity: number;
    unitPriceCents?: number;
  }[],
): Promise<void> {
  await app.database.db
    .insert(cartLines)
    .values(
      lines.map(({ tool, quantity, unitPriceCents }) => ({
        userId: account.userId,
        toolId: tool.id,
        quantity,
        unitPriceCents: unitPriceCents ?? tool.priceCents,
      })),
    )
    .onConflictDoUpdate({
      target: [cartLines.userId, cartLines.toolId],
      set: { quantity: cartLines.quantity },
    });
}

/** POST /api/checkout by `account` with a fresh Idempotency-Key unless one is given. */
export function postCheckout(
  app: App,
  account: { token: string },
  body: Record<string, unknown> = {},
  idempotencyKey: string | null = randomUUID(),
) {
  return injectAs(app, account, {
    method: 'POST',
    url: '/api/checkout',
    headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
    payload: { address: '12 Forge Lane, Sheffield', phone: '+44 114 496 0000', ...body },
  });
}

/** A checkout that must be placed (201): its answer. */
export async function checkOut(
  app: App,
  account: { token: string },
  body: Record<string, unknown> = {},
): Promise<CheckoutResponse> {
  const response = await postCheckout(app, account, body);
  expect(response.statusCode, response.body).toBe(201);
  return CheckoutResponseSchema.parse(response.json());
}
