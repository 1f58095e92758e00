import { describe, expect } from 'vitest';
import {
  CreateToolResponseSchema,
  ManagedOrderListSchema,
  OrderListSchema,
  PlaceOrderResponseSchema,
  texts,
  ToolListSchema,
  type CreateToolInput,
} from '@tools-factory/contract';
import { bearer, type TestAccount } from '../../testing/accounts.ts';
import { UNCAPPED_ORDERS } from '../../testing/test-config.ts';
import type { App } from '../../app.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { deleteTool, postTool, storedToolsNamed } from '../../testing/catalog-calls.ts';
import { expectError } from '../../testing/requests.ts';

const adminErrors = texts.adminErrors;

const it = appTest({ config: UNCAPPED_ORDERS });

describe('admin catalog calls: POST /api/tool, DELETE /api/deleteTols/:id', () => {
  let nameCounter = 0;

  /** A valid Add Product body with a name no other test uses; `name` is what was sent. */
  function newProduct(overrides: Partial<Record<keyof CreateToolInput, unknown>> = {}) {
    nameCounter += 1;
    const name = `Cold Chisel ${nameCounter}`;
    return {
      name,
      desc: 'Hardened steel chisel for cutting metal. Sold by the crate.',
      img: '/images/tools/claw-hammer.svg',
      price: 7.45,
      minOrderQuantity: 20,
      availableQuantity: 600,
      ...overrides,
    };
  }

  async function parts(app: App) {
    const response = await app.inject('/api/parts');
    expect(response.statusCode).toBe(200);
    return ToolListSchema.parse(response.json());
  }

  async function addTool(
    app: App,
    admin: TestAccount,
    overrides: Parameters<typeof newProduct>[0] = {},
  ) {
    const response = await postTool(app, admin, newProduct(overrides));
    expect(response.statusCode, response.body).toBe(200);
    return CreateToolResponseSchema.parse(response.json()).tool;
  }

  describe('POST /api/tool', () => {
    it('answers 401 without a token and 403 to a customer, and stores nothing', async ({
      app,
      customer,
    }) => {
      const product = newProduct();
      expectError(await postTool(app, undefined, product), 401, texts.identityErrors.notSignedIn);
      expectError(await postTool(app, customer, product), 403, texts.identityErrors.adminsOnly);
      expect(await storedToolsNamed(app, String(product.name))).toBe(0);
      expect((await parts(app)).some((tool) => tool.name === product.name)).toBe(false);
    });

    it('adds the tool for an admin: { acknowledged, insertedId }, and GET /api/parts shows it at once', async ({
      app,
      admin,
    }) => {
      const product = newProduct({ price: 19.99 });
      const response = await postTool(app, admin, product);
      expect(response.statusCode).toBe(200);
      const body = CreateToolResponseSchema.parse(response.json());
      expect(body.acknowledged).toBe(true);
      expect(body.insertedId).toBe(body.tool._id);
      const expected = {
        _id: body.insertedId,
        name: product.name,
        // Sent without a SKU (as the spec's clients do): one is made up from the new id.
        sku: `TL-${body.insertedId.replaceAll('-', '').slice(0, 8).toUpperCase()}`,
        desc: product.desc,
        img: product.img,
        price: 19.99,
        minOrderQuantity: 20,
        availableQuantity: 600,
        priceBreaks: [],
      };
      expect(body.tool).toEqual(expected);
      expect((await parts(app)).find((tool) => tool._id === body.insertedId)).toEqual(expected);
      const one = await app.inject(`/api/tool/${body.insertedId}`);
      expect(one.statusCode).toBe(200);
      expect(one.json()).toEqual(expected);
    });

    it('takes the numbers as the form may send them (strings of digits) and an https image', async ({
      app,
      admin,
    }) => {
      const tool = await addTool(app, admin, {
        price: '12.50',
        minOrderQuantity: '5',
        availableQuantity: '7',
        img: 'https://images.example.com/tools/chisel.png?size=600',
      });
      expect(tool).toMatchObject({
        price: 12.5,
        minOrderQuantity: 5,
        availableQuantity: 7,
        img: 'https://images.example.com/tools/chisel.png?size=600',
      });
    });

    it.for([
      ['a minimum of 0', { minOrderQuantity: 0 }, 'minimum order quantity must be at least 1'],
      [
        'available one above the minimum (no quantity fits the purchase rule)',
        { minOrderQuantity: 50, availableQuantity: 51 },
        adminErrors.availableLeavesNoOrder,
      ],
      [
        'available equal to the minimum',
        { minOrderQuantity: 50, availableQuantity: 50 },
        adminErrors.availableLeavesNoOrder,
      ],
      [
        'available below the minimum',
        { minOrderQuantity: 50, availableQuantity: 10 },
        adminErrors.availableLeavesNoOrder,
      ],
      ['a price of 0', { price: 0 }, texts.fieldErrors.notPositive('price')],
      ['a negative price', { price: -3 }, texts.fieldErrors.notPositive('price')],
      ['a javascript: image', { img: 'javascript:alert(1)' }, adminErrors.imageLink],
      ['a data: image', { img: 'data:image/png;base64,AAAA' }, adminErrors.imageLink],
      [
        'a plain http image at the cloud metadata address',
        { img: 'http://169.254.169.254/latest/meta-data/iam' },
        adminErrors.imageLink,
      ],
      ['a plain http image', { img: 'http://images.example.com/saw.png' }, adminErrors.imageLink],
      ['an image on another host by //', { img: '//evil.example/x.png' }, adminErrors.imageLink],
      ['an image path with a backslash', { img: '/images\\x.svg' }, adminErrors.imageLink],
      ['a missing name', { name: '' }, 'name is required'],
      ['a missing image link', { img: undefined }, 'image link is required'],
    ] as const)(
      'refuses %s with 400 and its message, storing nothing',
      async ([_case, overrides, message], { app, admin }) => {
        const product = newProduct(overrides);
        expectError(await postTool(app, admin, product), 400, message);
        if (typeof product.name === 'string' && product.name) {
          expect(await storedToolsNamed(app, product.name)).toBe(0);
        }
      },
    );

    it('refuses a name a tool on sale has, in any case, with 409, storing nothing', async ({
      app,
      admin,
    }) => {
      const first = await addTool(app, admin, { name: 'Tin Snips 250' });
      const again = await postTool(app, admin, newProduct({ name: 'TIN snips 250' }));
      expectError(again, 409, adminErrors.toolNameTaken('TIN snips 250'));
      expect(await storedToolsNamed(app, 'tin snips 250')).toBe(1);
      expect((await parts(app)).filter((tool) => tool._id === first._id)).toHaveLength(1);
    });

    it('lets a removed tool’s name be used again', async ({ app, admin }) => {
      const removed = await addTool(app, admin, { name: 'Pin Punch Set' });
      expect((await deleteTool(app, admin, removed._id)).json()).toEqual({ deletedCount: 1 });
      const again = await addTool(app, admin, { name: 'pin punch set' });
      expect(again._id).not.toBe(removed._id);
      expect((await parts(app)).map((tool) => tool.name)).toContain('pin punch set');
    });
  });

  describe('DELETE /api/deleteTols/:id', () => {
    it('answers 401 without a token and 403 to a customer, and the tool stays on sale', async ({
      app,
      customer,
      admin,
    }) => {
      const tool = await addTool(app, admin);
      expectError(
        await deleteTool(app, undefined, tool._id),
        401,
        texts.identityErrors.notSignedIn,
      );
      expectError(await deleteTool(app, customer, tool._id), 403, texts.identityErrors.adminsOnly);
      expect((await parts(app)).some((listed) => listed._id === tool._id)).toBe(true);
    });

    it('archives the tool for an admin: { deletedCount: 1 }, and it leaves GET /api/parts at once', async ({
      app,
      admin,
    }) => {
      const tool = await addTool(app, admin);
      const response = await deleteTool(app, admin, tool._id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ deletedCount: 1 });
      expect((await parts(app)).some((listed) => listed._id === tool._id)).toBe(false);
      expect((await app.inject(`/api/tool/${tool._id}`)).statusCode).toBe(404);
      // Archived, not deleted: its orders still point at it.
      expect(await storedToolsNamed(app, tool.name)).toBe(1);
    });

    it('answers { deletedCount: 0 } for a tool removed already, an unknown or a malformed id', async ({
      app,
      admin,
    }) => {
      const tool = await addTool(app, admin);
      expect((await deleteTool(app, admin, tool._id)).json()).toEqual({ deletedCount: 1 });
      for (const id of [tool._id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
        const response = await deleteTool(app, admin, id);
        expect(response.statusCode, id).toBe(200);
        expect(response.json(), id).toEqual({ deletedCount: 0 });
      }
    });

    it('keeps the name, image and price of the orders placed before', async ({
      app,
      customer,
      admin,
    }) => {
      const tool = await addTool(app, admin, {
        price: 3.25,
        img: '/images/tools/tape-measure.svg',
      });
      const placed = await app.inject({
        method: 'POST',
        url: '/api/order',
        headers: bearer(customer.token),
        payload: {
          toolId: tool._id,
          name: tool.name,
          address: '4 Rivet Street',
          quantity: 30,
          email: customer.email,
        },
      });
      expect(placed.statusCode, placed.body).toBe(200);
      const order = PlaceOrderResponseSchema.parse(placed.json()).order;

      expect((await deleteTool(app, admin, tool._id)).json()).toEqual({ deletedCount: 1 });

      const snapshot = { name: tool.name, img: '/images/tools/tape-measure.svg', price: 3.25 };
      const mine = await app.inject({
        url: `/api/orders?email=${encodeURIComponent(customer.email)}`,
        headers: bearer(customer.token),
      });
      const listed = OrderListSchema.parse(mine.json()).find((o) => o._id === order._id);
      expect(listed).toMatchObject({ ...snapshot, quantity: 30, toolId: tool._id });
      const managed = await app.inject({ url: '/api/manageOrders', headers: bearer(admin.token) });
      const row = ManagedOrderListSchema.parse(managed.json()).find((o) => o._id === order._id);
      expect(row).toMatchObject({ ...snapshot, total: 97.5 });
    });
  });

  it('describes both calls in the OpenAPI document, bearer-secured, with an answer per status', async ({
    app,
  }) => {
    const document = (await app.inject('/api/openapi.json')).json() as {
      paths: Record<string, Record<string, { security?: unknown; responses: object }>>;
    };
    const post = document.paths['/api/tool']?.post;
    const remove = document.paths['/api/deleteTols/{id}']?.delete;
    expect(post?.security).toEqual([{ bearer: [] }]);
    // 414: any call with a URL too long (plugins/openapi.ts documents it on every operation).
    expect(Object.keys(post?.responses ?? {}).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '409',
      '414',
    ]);
    expect(remove?.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(remove?.responses ?? {}).sort()).toEqual(['200', '401', '403', '414']);
  });
});
