import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { CreateToolResponseSchema, type CreateToolInput, type Tool } from '@tools-factory/contract';
import type { App } from '../app.ts';
import { tools } from '../modules/tools/tools.table.ts';
import { injectAs } from './requests.ts';

/** Who sends a request: an account's access token, or nobody (no Authorization header). */
type Sender = { token: string } | undefined;

/** POST /api/tool (Add Product) with `payload`; the answer as it comes. */
export function postTool(app: App, sender: Sender, payload: object) {
  return injectAs(app, sender, { method: 'POST', url: '/api/tool', payload });
}

/**
 * A product added by `admin` through POST /api/tool, as the dashboard's form sends it: a valid
 * one (a $12.50 anvil-like tool, 20 at least, 600 in stock) but for `fields`. Expects a 200;
 * answers the tool.
 */
export async function addProduct(
  app: App,
  admin: Sender,
  fields: Partial<CreateToolInput> & { name: string },
): Promise<Tool> {
  const added = await postTool(app, admin, {
    desc: 'A forged tool for the tests. Sold one by one.',
    img: '/images/tools/claw-hammer.svg',
    price: 12.5,
    minOrderQuantity: 20,
    availableQuantity: 600,
    ...fields,
  });
  expect(added.statusCode, added.body).toBe(200);
  return CreateToolResponseSchema.parse(added.json()).tool;
}

/** DELETE /api/deleteTols/{id} (the spec's spelling); the answer as it comes. */
export function deleteTool(app: App, sender: Sender, id: string) {
  return injectAs(app, sender, {
    method: 'DELETE',
    url: `/api/deleteTols/${encodeURIComponent(id)}`,
  });
}

/** How many tools are stored under this name in any case, archived ones included. */
export async function storedToolsNamed(app: App, name: string): Promise<number> {
  const rows = await app.database.db
    .select({ id: tools.id })
    .from(tools)
    .where(sql`lower(${tools.name}) = lower(${name})`);
  return rows.length;
}

/** An admin's removal of a tool (archived: its orders keep their snapshot); 200 expected. */
export async function removeTool(app: App, admin: Sender, id: string): Promise<void> {
  const response = await deleteTool(app, admin, id);
  expect(response.statusCode, response.body).toBe(200);
}

/** PUT /api/tool/{id}/priceBreaks with `payload`; the answer as it comes. */
export function putPriceBreaks(app: App, sender: Sender, toolId: string, payload: unknown) {
  return injectAs(app, sender, {
    method: 'PUT',
    url: `/api/tool/${encodeURIComponent(toolId)}/priceBreaks`,
    payload: payload as object,
  });
}

/** The tool's price breaks (in dollars) set by `admin`; 200 expected. */
export async function setPriceBreaks(
  app: App,
  admin: Sender,
  toolId: string,
  priceBreaks: readonly { minQuantity: number; price: number }[],
): Promise<void> {
  const response = await putPriceBreaks(app, admin, toolId, { priceBreaks });
  expect(response.statusCode, response.body).toBe(200);
}
