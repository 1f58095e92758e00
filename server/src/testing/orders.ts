import {
  OrderListSchema,
  PlaceOrderResponseSchema,
  ToolSchema,
  type Order,
} from '@tools-factory/contract';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../app.ts';
import { tools } from '../modules/tools/tools.table.ts';
import { injectAs, orderFields } from './requests.ts';

/**
 * POST /api/order by `account` for `tool` (the body of orderFields, `overrides` changing or
 * adding fields, an Idempotency-Key when given); fails the test on any answer but 200 and
 * answers the order placed.
 */
export async function placeTestOrder(
  app: App,
  account: { email: string; token: string },
  tool: { id: string; name: string },
  overrides: Record<string, unknown> = {},
  idempotencyKey?: string,
): Promise<Order> {
  const response = await injectAs(app, account, {
    method: 'POST',
    url: '/api/order',
    headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
    payload: orderFields(account, tool, overrides),
  });
  expect(response.statusCode, response.body).toBe(200);
  return PlaceOrderResponseSchema.parse(response.json()).order;
}

/** The tool's available quantity, as the public GET /api/tool/{id} shows it. */
export async function availableOf(app: App, toolId: string): Promise<number> {
  const response = await app.inject(`/api/tool/${toolId}`);
  expect(response.statusCode, response.body).toBe(200);
  return ToolSchema.parse(response.json()).availableQuantity;
}

/** The account's own orders, newest first, as My Orders asks for them (GET /api/orders?email=). */
export async function listOwnOrders(
  app: App,
  account: { email: string; token: string },
): Promise<Order[]> {
  const response = await injectAs(app, account, {
    url: `/api/orders?email=${encodeURIComponent(account.email)}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return OrderListSchema.parse(response.json());
}

/** One of the account's own orders as My Orders shows it (undefined once it is gone). */
export async function findOwnOrder(
  app: App,
  account: { email: string; token: string },
  orderId: string,
): Promise<Order | undefined> {
  return (await listOwnOrders(app, account)).find((order) => order._id === orderId);
}

/**
 * The tool's available quantity as the database holds it: what a committed transaction left,
 * which the catalog (availableOf) shows only once told of it.
 */
export async function storedAvailableOf(app: App, toolId: string): Promise<number> {
  const [row] = await app.database.db
    .select({ available: tools.availableQuantity })
    .from(tools)
    .where(eq(tools.id, toolId));
  if (!row) throw new Error(`no tool ${toolId}`);
  return row.available;
}
