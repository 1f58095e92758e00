import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { ToolListSchema, ToolSchema, texts, type Tool } from '@tools-factory/contract';
import type { App } from '../../app.ts';
import type { TestAccount } from '../../testing/accounts.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { addProduct, deleteTool, postTool } from '../../testing/catalog-calls.ts';
import { findOwnOrder, placeTestOrder } from '../../testing/orders.ts';
import { expectError, injectAs } from '../../testing/requests.ts';
import { UNCAPPED_ORDERS } from '../../testing/test-config.ts';
import { tools } from './tools.table.ts';

const it = appTest({ config: UNCAPPED_ORDERS });
const skuErrors = texts.sku.errors;

/** A SKU and a name no other test of the file uses. */
const fresh = (prefix: string) => `${prefix}-${randomUUID().slice(0, 6).toUpperCase()}`;

/** Add Product's body, valid, with this name and SKU. */
function product(name: string, sku?: string) {
  return {
    name,
    ...(sku === undefined ? {} : { sku }),
    desc: 'A tool with a SKU, for the tests.',
    img: '/images/tools/claw-hammer.svg',
    price: 9.5,
    minOrderQuantity: 10,
    availableQuantity: 400,
  };
}

/** Edit Tool's body for `tool` as it is, but for `changes`. */
function editBody(tool: Tool, changes: Record<string, unknown> = {}) {
  return {
    name: tool.name,
    desc: tool.desc,
    img: tool.img,
    price: tool.price,
    minOrderQuantity: tool.minOrderQuantity,
    ...changes,
  };
}

function editTool(app: App, sender: TestAccount | undefined, id: string, payload: object) {
  return injectAs(app, sender, { method: 'PUT', url: `/api/manageTools/${id}`, payload });
}

async function partsFound(app: App, q: string): Promise<Tool[]> {
  const response = await app.inject(`/api/parts?q=${encodeURIComponent(q)}`);
  expect(response.statusCode, response.body).toBe(200);
  return ToolListSchema.parse(response.json());
}

/** How many tools hold this SKU in any case, removed ones too. */
async function storedWithSku(app: App, sku: string): Promise<number> {
  const rows = await app.database.db
    .select({ id: tools.id })
    .from(tools)
    .where(sql`lower(${tools.sku}) = lower(${sku})`);
  return rows.length;
}

describe('Add Product with a SKU: POST /api/tool', () => {
  it('stores the SKU sent, trimmed, and GET /api/parts and /api/tool/{id} show it', async ({
    app,
    admin,
  }) => {
    const sku = fresh('CB');
    const tool = await addProduct(app, admin, { ...product(fresh('Cold Bar')), sku: ` ${sku} ` });
    expect(tool.sku).toBe(sku);
    const one = await app.inject(`/api/tool/${tool._id}`);
    expect(ToolSchema.parse(one.json()).sku).toBe(sku);
    expect((await partsFound(app, sku)).map((found) => found._id)).toEqual([tool._id]);
  });

  it('refuses a SKU another tool has, in any case, with 409 in words, storing nothing', async ({
    app,
    admin,
  }) => {
    const sku = fresh('Ab.c/d_e');
    await addProduct(app, admin, product(fresh('First'), sku));
    const name = fresh('Second');
    for (const taken of [sku, sku.toLowerCase(), sku.toUpperCase()]) {
      expectError(await postTool(app, admin, product(name, taken)), 409, skuErrors.taken(taken));
    }
    expect(await storedWithSku(app, sku)).toBe(1);
    expect(await partsFound(app, name)).toEqual([]);
  });

  it("refuses a removed tool's SKU (an invoice's SKU names one tool for ever)", async ({
    app,
    admin,
  }) => {
    const sku = fresh('RM');
    const removed = await addProduct(app, admin, product(fresh('Removed'), sku));
    expect((await deleteTool(app, admin, removed._id)).json()).toEqual({ deletedCount: 1 });
    expectError(
      await postTool(app, admin, product(fresh('Newcomer'), sku.toLowerCase())),
      409,
      skuErrors.taken(sku.toLowerCase()),
    );
  });

  it('tells a taken name from a taken SKU', async ({ app, admin }) => {
    const first = await addProduct(app, admin, product(fresh('Named'), fresh('NM')));
    expectError(
      await postTool(app, admin, product(first.name.toUpperCase(), fresh('NM'))),
      409,
      texts.adminErrors.toolNameTaken(first.name.toUpperCase()),
    );
  });

  it('refuses a SKU of the wrong shape or length with 400 in words', async ({ app, admin }) => {
    const cases: Array<[unknown, string]> = [
      ['HM CLAW', skuErrors.shape],
      ['-HM-1', skuErrors.shape],
      ['HM<script>', skuErrors.shape],
      ['A'.repeat(33), texts.fieldErrors.tooLong('SKU', 32)],
      ['A'.repeat(10_240), texts.fieldErrors.tooLong('SKU', 32)],
      ['   ', texts.fieldErrors.required('SKU')],
      [42, texts.fieldErrors.notText('SKU')],
    ];
    for (const [sku, message] of cases) {
      expectError(
        await postTool(app, admin, product(fresh('Bad Sku'), sku as string)),
        400,
        message,
      );
    }
    // 32 characters is the longest taken.
    const longest = `L${randomUUID().replaceAll('-', '').slice(0, 31)}`;
    expect((await addProduct(app, admin, product(fresh('Longest'), longest))).sku).toBe(longest);
  });
});

describe('Edit Tool changes the SKU: PUT /api/manageTools/{id}', () => {
  it('stores the new SKU; the search finds it at once, the old one no more; orders keep theirs', async ({
    app,
    admin,
    customer,
  }) => {
    const before = fresh('OLD');
    const tool = await addProduct(app, admin, product(fresh('Renamed Sku'), before));
    const order = await placeTestOrder(
      app,
      customer,
      { id: tool._id, name: tool.name },
      {
        quantity: 20,
      },
    );
    expect(order.sku).toBe(before);

    const after = fresh('NEW');
    const response = await editTool(app, admin, tool._id, editBody(tool, { sku: after }));
    expect(response.statusCode, response.body).toBe(200);
    expect(ToolSchema.parse(response.json()).sku).toBe(after);
    expect((await partsFound(app, after.toLowerCase())).map((found) => found._id)).toEqual([
      tool._id,
    ]);
    expect(await partsFound(app, before)).toEqual([]);
    expect((await findOwnOrder(app, customer, order._id))?.sku).toBe(before);
  });

  it('keeps the SKU when an older client sends none, and takes its own SKU in another case', async ({
    app,
    admin,
  }) => {
    const sku = fresh('KP');
    const tool = await addProduct(app, admin, product(fresh('Kept Sku'), sku));
    const kept = await editTool(app, admin, tool._id, editBody(tool, { price: 11 }));
    expect(kept.statusCode, kept.body).toBe(200);
    expect(ToolSchema.parse(kept.json())).toMatchObject({ sku, price: 11 });
    const recased = await editTool(
      app,
      admin,
      tool._id,
      editBody(tool, { sku: sku.toLowerCase() }),
    );
    expect(recased.statusCode, recased.body).toBe(200);
    expect(ToolSchema.parse(recased.json()).sku).toBe(sku.toLowerCase());
  });

  it("refuses another tool's SKU, on sale or removed, in any case, with 409, changing nothing", async ({
    app,
    admin,
  }) => {
    const mine = fresh('MINE');
    const tool = await addProduct(app, admin, product(fresh('Mine'), mine));
    const other = await addProduct(app, admin, product(fresh('Other'), fresh('OTH')));
    const removed = await addProduct(app, admin, product(fresh('Gone'), fresh('GONE')));
    expect((await deleteTool(app, admin, removed._id)).statusCode).toBe(200);
    for (const taken of [other.sku.toLowerCase(), removed.sku]) {
      expectError(
        await editTool(app, admin, tool._id, editBody(tool, { sku: taken, price: 11 })),
        409,
        skuErrors.taken(taken),
      );
    }
    const [listed] = await partsFound(app, mine);
    expect(listed).toMatchObject({ _id: tool._id, sku: mine, price: tool.price });
    expectError(
      await editTool(app, admin, tool._id, editBody(tool, { sku: 'two words' })),
      400,
      skuErrors.shape,
    );
  });
});
