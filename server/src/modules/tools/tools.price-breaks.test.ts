import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import {
  CreateToolResponseSchema,
  MAX_PRICE_BREAKS,
  serverTexts,
  texts,
  ToolListSchema,
  ToolSchema,
  type Tool,
} from '@tools-factory/contract';
import { createTestTool } from '../../testing/factories.ts';
import { expectError } from '../../testing/requests.ts';
import { UNCAPPED_ORDERS } from '../../testing/test-config.ts';
import type { App } from '../../app.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { expectAdminsOnly } from '../../testing/admins-only.ts';
import { postTool, storedToolsNamed } from '../../testing/catalog-calls.ts';
import { toolPriceBreaks, tools } from './tools.table.ts';
import { putPriceBreaks } from '../../testing/catalog-calls.ts';

const adminErrors = texts.adminErrors;

const it = appTest({ config: UNCAPPED_ORDERS });

describe('price breaks: PUT /api/tool/:id/priceBreaks, POST /api/tool with priceBreaks', () => {
  /** A new tool on sale: $10.00, minimum 10, 5000 available. */
  const newTool = (app: App) =>
    createTestTool(app, { priceCents: 1000, minOrderQuantity: 10, availableQuantity: 5000 });

  async function listed(app: App, toolId: string): Promise<Tool | undefined> {
    const response = await app.inject('/api/parts');
    expect(response.statusCode).toBe(200);
    return ToolListSchema.parse(response.json()).find((tool) => tool._id === toolId);
  }

  async function shown(app: App, toolId: string): Promise<Tool> {
    const response = await app.inject(`/api/tool/${toolId}`);
    expect(response.statusCode).toBe(200);
    return ToolSchema.parse(response.json());
  }

  /** The breaks stored for a tool, smallest quantity first. */
  function stored(app: App, toolId: string) {
    return app.database.db
      .select({ minQuantity: toolPriceBreaks.minQuantity, priceCents: toolPriceBreaks.priceCents })
      .from(toolPriceBreaks)
      .where(eq(toolPriceBreaks.toolId, toolId))
      .orderBy(toolPriceBreaks.minQuantity);
  }

  describe('PUT /api/tool/:id/priceBreaks', () => {
    it('sets the breaks for an admin: 200 with the tool, smallest first, in GET /parts at once', async ({
      app,
      admin,
    }) => {
      const tool = await newTool(app);
      const response = await putPriceBreaks(app, admin, tool.id, {
        priceBreaks: [
          { minQuantity: 1000, price: 8.5 },
          { minQuantity: '100', price: '9.25' },
        ],
      });
      expect(response.statusCode, response.body).toBe(200);
      const breaks = [
        { minQuantity: 100, price: 9.25 },
        { minQuantity: 1000, price: 8.5 },
      ];
      const body = ToolSchema.parse(response.json());
      expect(body).toMatchObject({ _id: tool.id, price: 10, priceBreaks: breaks });
      expect(await listed(app, tool.id)).toEqual(body);
      expect(await shown(app, tool.id)).toEqual(body);
      expect(await stored(app, tool.id)).toEqual([
        { minQuantity: 100, priceCents: 925 },
        { minQuantity: 1000, priceCents: 850 },
      ]);
    });

    it('replaces the whole set, and an empty list removes them all', async ({ app, admin }) => {
      const tool = await newTool(app);
      const first = await putPriceBreaks(app, admin, tool.id, {
        priceBreaks: [
          { minQuantity: 100, price: 9 },
          { minQuantity: 500, price: 8 },
        ],
      });
      expect(first.statusCode).toBe(200);
      const second = await putPriceBreaks(app, admin, tool.id, {
        priceBreaks: [{ minQuantity: 200, price: 9.5 }],
      });
      expect(ToolSchema.parse(second.json()).priceBreaks).toEqual([
        { minQuantity: 200, price: 9.5 },
      ]);
      expect((await listed(app, tool.id))?.priceBreaks).toEqual([{ minQuantity: 200, price: 9.5 }]);

      const cleared = await putPriceBreaks(app, admin, tool.id, { priceBreaks: [] });
      expect(cleared.statusCode).toBe(200);
      expect(ToolSchema.parse(cleared.json()).priceBreaks).toEqual([]);
      expect((await listed(app, tool.id))?.priceBreaks).toEqual([]);
      expect(await stored(app, tool.id)).toEqual([]);
    });

    it('answers 401 without a token and 403 to a customer, and the breaks stay as they were', async ({
      app,
      customer,
      admin,
    }) => {
      const tool = await newTool(app);
      const kept = { priceBreaks: [{ minQuantity: 100, price: 9 }] };
      expect((await putPriceBreaks(app, admin, tool.id, kept)).statusCode).toBe(200);
      const change = { priceBreaks: [{ minQuantity: 50, price: 5 }] };
      await expectAdminsOnly(customer, (sender) => putPriceBreaks(app, sender, tool.id, change));
      expect((await listed(app, tool.id))?.priceBreaks).toEqual(kept.priceBreaks);
    });

    it.for([
      [
        'a break at the minimum order quantity',
        [{ minQuantity: 10, price: 9 }],
        adminErrors.breakAtOrBelowMinimum(10),
      ],
      [
        'a break below the minimum order quantity',
        [{ minQuantity: 5, price: 9 }],
        adminErrors.breakAtOrBelowMinimum(10),
      ],
      [
        'a break at the list price',
        [{ minQuantity: 100, price: 10 }],
        adminErrors.breakNotBelowListPrice(10),
      ],
      [
        'a break above the list price',
        [{ minQuantity: 100, price: 12 }],
        adminErrors.breakNotBelowListPrice(10),
      ],
      [
        'two breaks at the same quantity',
        [
          { minQuantity: 100, price: 9 },
          { minQuantity: 100, price: 8 },
        ],
        adminErrors.duplicateBreakQuantity(100),
      ],
      [
        'a larger quantity at the same unit price',
        [
          { minQuantity: 100, price: 9 },
          { minQuantity: 500, price: 9 },
        ],
        adminErrors.breakPricesNotFalling,
      ],
      [
        'a larger quantity at a higher unit price',
        [
          { minQuantity: 500, price: 9.5 },
          { minQuantity: 100, price: 9 },
        ],
        adminErrors.breakPricesNotFalling,
      ],
      [
        `more than ${MAX_PRICE_BREAKS} breaks`,
        Array.from({ length: MAX_PRICE_BREAKS + 1 }, (_, index) => ({
          minQuantity: 100 * (index + 1),
          price: 9 - index,
        })),
        adminErrors.tooManyPriceBreaks(MAX_PRICE_BREAKS),
      ],
      ['not a list', 'cheaper in bulk', adminErrors.priceBreaksNotAList],
      ['a break without a price', [{ minQuantity: 100 }], 'break price is required'],
      [
        'a price with a third decimal',
        [{ minQuantity: 100, price: 9.995 }],
        texts.fieldErrors.tooManyDecimals('break price'),
      ],
    ] as const)(
      'refuses %s with 400 and its words, keeping the breaks',
      async ([_case, breaks, message], { app, admin }) => {
        const tool = await newTool(app);
        const kept = [{ minQuantity: 300, price: 9.75 }];
        expect((await putPriceBreaks(app, admin, tool.id, { priceBreaks: kept })).statusCode).toBe(
          200,
        );
        expectError(
          await putPriceBreaks(app, admin, tool.id, { priceBreaks: breaks }),
          400,
          message,
        );
        expect((await listed(app, tool.id))?.priceBreaks).toEqual(kept);
        expect(await stored(app, tool.id)).toEqual([{ minQuantity: 300, priceCents: 975 }]);
      },
    );

    it('checks the breaks against the tool as it is now: its list price and its minimum', async ({
      app,
      admin,
    }) => {
      const tool = await newTool(app);
      await app.database.db
        .update(tools)
        .set({ priceCents: 800, minOrderQuantity: 150 })
        .where(eq(tools.id, tool.id));
      const belowOldPrice = { priceBreaks: [{ minQuantity: 200, price: 9 }] };
      expectError(
        await putPriceBreaks(app, admin, tool.id, belowOldPrice),
        400,
        adminErrors.breakNotBelowListPrice(8),
      );
      const aboveOldMinimum = { priceBreaks: [{ minQuantity: 100, price: 7 }] };
      expectError(
        await putPriceBreaks(app, admin, tool.id, aboveOldMinimum),
        400,
        adminErrors.breakAtOrBelowMinimum(150),
      );
      expect(await stored(app, tool.id)).toEqual([]);
    });

    it('answers 404 for an unknown, a removed or a malformed tool id', async ({ app, admin }) => {
      const removed = await newTool(app);
      expect((await app.tools.removeTool(removed.id)).deletedCount).toBe(1);
      const body = { priceBreaks: [{ minQuantity: 100, price: 9 }] };
      for (const id of [removed.id, '3f1e6a52-8a7c-4d1f-9a55-0d3c1e2b4a10', 'not-an-id']) {
        expectError(
          await putPriceBreaks(app, admin, id, body),
          404,
          serverTexts.apiErrors.toolNotFound,
        );
      }
      expect(await stored(app, removed.id)).toEqual([]);
    });

    // PGlite has one connection: a transaction held open would hold up every other query.
    it.skipIf(!process.env.TEST_DATABASE_URL)(
      'waits for an order that holds the tool’s row (its stock reservation), then sets the breaks',
      async ({ app, admin }) => {
        const tool = await newTool(app);
        const body = { priceBreaks: [{ minQuantity: 100, price: 9 }] };
        let answered = false;
        const edit = await app.database.db.transaction(async (tx) => {
          // What an order's reservation holds until its transaction ends.
          await tx.update(tools).set({ availableQuantity: 4900 }).where(eq(tools.id, tool.id));
          const pending = putPriceBreaks(app, admin, tool.id, body).then((response) => {
            answered = true;
            return response;
          });
          await sleep(500);
          expect(answered).toBe(false);
          expect(await stored(app, tool.id)).toEqual([]);
          // Wrapped: a promise returned as it is would be awaited before the commit.
          return { pending };
        });
        const response = await edit.pending;
        expect(response.statusCode, response.body).toBe(200);
        expect(ToolSchema.parse(response.json())).toMatchObject({ availableQuantity: 4900 });
        expect((await listed(app, tool.id))?.priceBreaks).toEqual(body.priceBreaks);
      },
    );

    it('takes the id in upper case too', async ({ app, admin }) => {
      const tool = await newTool(app);
      const response = await putPriceBreaks(app, admin, tool.id.toUpperCase(), {
        priceBreaks: [{ minQuantity: 100, price: 9 }],
      });
      expect(response.statusCode, response.body).toBe(200);
      expect((await listed(app, tool.id))?.priceBreaks).toEqual([{ minQuantity: 100, price: 9 }]);
    });
  });

  describe('POST /api/tool with priceBreaks', () => {
    const product = (name: string, priceBreaks: unknown) => ({
      name,
      desc: 'Forged steel hammer sold by the crate.',
      img: '/images/tools/claw-hammer.svg',
      price: 12.99,
      minOrderQuantity: 100,
      availableQuantity: 4200,
      priceBreaks,
    });

    it('stores the breaks with the tool; GET /parts and GET /tool/:id show them', async ({
      app,
      admin,
    }) => {
      const response = await postTool(
        app,
        admin,
        product('Bulk Hammer', [
          { minQuantity: 1000, price: 10.99 },
          { minQuantity: 500, price: 11.99 },
        ]),
      );
      expect(response.statusCode, response.body).toBe(200);
      const { tool } = CreateToolResponseSchema.parse(response.json());
      const breaks = [
        { minQuantity: 500, price: 11.99 },
        { minQuantity: 1000, price: 10.99 },
      ];
      expect(tool.priceBreaks).toEqual(breaks);
      expect(await listed(app, tool._id)).toEqual(tool);
      expect(await shown(app, tool._id)).toEqual(tool);
      expect(await stored(app, tool._id)).toEqual([
        { minQuantity: 500, priceCents: 1199 },
        { minQuantity: 1000, priceCents: 1099 },
      ]);
    });

    it.for([
      ['at the minimum', [{ minQuantity: 100, price: 11 }], adminErrors.breakAtOrBelowMinimum(100)],
      [
        'at the list price',
        [{ minQuantity: 500, price: 12.99 }],
        adminErrors.breakNotBelowListPrice(12.99),
      ],
      [
        'not falling',
        [
          { minQuantity: 500, price: 11 },
          { minQuantity: 1000, price: 11.5 },
        ],
        adminErrors.breakPricesNotFalling,
      ],
    ] as const)(
      'refuses breaks %s with 400 and its words, and adds no tool',
      async ([_case, breaks, message], { app, admin }) => {
        const name = `Refused Hammer ${_case}`;
        expectError(await postTool(app, admin, product(name, breaks)), 400, message);
        expect(await storedToolsNamed(app, name)).toBe(0);
      },
    );

    it('writes nothing, breaks included, when the tool itself is refused (a taken name)', async ({
      app,
      admin,
    }) => {
      const first = await postTool(app, admin, product('Twin Hammer', []));
      expect(first.statusCode).toBe(200);
      const { tool } = CreateToolResponseSchema.parse(first.json());
      const again = await postTool(
        app,
        admin,
        product('TWIN HAMMER', [{ minQuantity: 500, price: 11 }]),
      );
      expectError(again, 409, adminErrors.toolNameTaken('TWIN HAMMER'));
      expect(await storedToolsNamed(app, 'twin hammer')).toBe(1);
      expect(await stored(app, tool._id)).toEqual([]);
      const [orphans] = await app.database.db
        .select({ count: sql<number>`count(*)::int` })
        .from(toolPriceBreaks)
        .where(sql`${toolPriceBreaks.toolId} not in (select ${tools.id} from ${tools})`);
      expect(orphans?.count).toBe(0);
    });
  });

  it('describes PUT /tool/{id}/priceBreaks in the OpenAPI document, bearer-secured, with an answer per status', async ({
    app,
  }) => {
    const document = (await app.inject('/api/openapi.json')).json() as {
      paths: Record<string, Record<string, { security?: unknown; responses: object }>>;
    };
    const put = document.paths['/api/tool/{id}/priceBreaks']?.put;
    expect(put?.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(put?.responses ?? {}).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '414',
    ]);
  });
});
