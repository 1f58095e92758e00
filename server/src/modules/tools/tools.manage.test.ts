import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect } from 'vitest';
import {
  ArchivedToolListSchema,
  ErrorBodySchema,
  MAX_WHOLE_NUMBER,
  PlaceOrderResponseSchema,
  serverTexts,
  StockAdjustedSchema,
  StockMovementListSchema,
  texts,
  ToolListSchema,
  ToolSchema,
  UploadedToolImageSchema,
} from '@tools-factory/contract';
import type { App } from '../../app.ts';
import type { TestAccount } from '../../testing/accounts.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { addProduct, deleteTool } from '../../testing/catalog-calls.ts';
import { createTestTool } from '../../testing/factories.ts';
import { readOutbox } from '../../testing/mail.ts';
import { expectError, injectAs, postOrder } from '../../testing/requests.ts';
import { UNCAPPED_ORDERS } from '../../testing/test-config.ts';
import { MAX_INPUT_PIXELS, UPLOADS_IN_FLIGHT, UPLOADS_WAITING } from './tool-images.ts';

const { adminErrors } = texts;
const it = appTest({ config: UNCAPPED_ORDERS });

const newName = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;

async function parts(app: App) {
  const response = await app.inject('/api/parts');
  return ToolListSchema.parse(response.json());
}

function editTool(app: App, sender: TestAccount | undefined, id: string, payload: object) {
  return injectAs(app, sender, { method: 'PUT', url: `/api/manageTools/${id}`, payload });
}

function moveStock(app: App, sender: TestAccount | undefined, id: string, payload: object) {
  return injectAs(app, sender, { method: 'POST', url: `/api/manageTools/${id}/stock`, payload });
}

async function movements(app: App, admin: TestAccount, id: string) {
  const response = await injectAs(app, admin, { url: `/api/manageTools/${id}/stock` });
  expect(response.statusCode, response.body).toBe(200);
  return StockMovementListSchema.parse(response.json());
}

/** A multipart body with one file, as a browser's FormData sends it. */
function multipart(bytes: Buffer, filename: string, type: string) {
  const boundary = `----toolsfactory${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function uploadImage(
  app: App,
  sender: TestAccount | undefined,
  body: ReturnType<typeof multipart>,
) {
  return injectAs(app, sender, {
    method: 'POST',
    url: '/api/manageTools/images',
    payload: body.payload,
    headers: body.headers,
  });
}

describe('PUT /api/manageTools/:id (Edit Tool)', () => {
  it('edits the five fields, and GET /api/parts shows them at once', async ({ app, admin }) => {
    const tool = await addProduct(app, admin, { name: newName('Edit Me') });
    const name = newName('Edited');
    const response = await editTool(app, admin, tool._id, {
      name,
      desc: 'A new description.',
      img: 'https://example.com/pictures/anvil.webp',
      price: '14.25',
      minOrderQuantity: '30',
    });
    expect(response.statusCode, response.body).toBe(200);
    const edited = ToolSchema.parse(response.json());
    expect(edited).toMatchObject({
      name,
      price: 14.25,
      minOrderQuantity: 30,
      availableQuantity: 600,
    });
    const listed = (await parts(app)).find((candidate) => candidate._id === tool._id);
    expect(listed).toEqual(edited);
  });

  it('answers every field problem at once in fieldErrors', async ({ app, admin }) => {
    const tool = await addProduct(app, admin, { name: newName('Bad Edit') });
    const response = await editTool(app, admin, tool._id, {
      name: '',
      desc: 'fine',
      img: 'javascript:alert(1)',
      price: -1,
      minOrderQuantity: 'abc',
    });
    expect(response.statusCode).toBe(400);
    const body = ErrorBodySchema.parse(response.json());
    expect(body.fieldErrors?.map(({ field }) => field).sort()).toEqual(
      ['img', 'minOrderQuantity', 'name', 'price'].sort(),
    );
    expect(body.fieldErrors?.find(({ field }) => field === 'img')?.message).toBe(
      adminErrors.imageLink,
    );
    expect(body.message).toBe(body.fieldErrors?.[0]?.message);
  });

  it('refuses a list price or minimum its price breaks no longer fit, a taken name, an unknown tool', async ({
    app,
    admin,
    customer,
  }) => {
    const tool = await addProduct(app, admin, {
      name: newName('Breaks'),
      price: 10,
      minOrderQuantity: 10,
      priceBreaks: [{ minQuantity: 50, price: 9 }],
    });
    const fields = {
      name: tool.name,
      desc: tool.desc,
      img: tool.img,
      price: 8,
      minOrderQuantity: 60,
    };
    const response = await editTool(app, admin, tool._id, fields);
    expect(response.statusCode).toBe(400);
    const body = ErrorBodySchema.parse(response.json());
    expect(body.fieldErrors).toHaveLength(2);
    const other = await addProduct(app, admin, { name: newName('Other') });
    expectError(
      await editTool(app, admin, tool._id, {
        ...fields,
        name: other.name.toUpperCase(),
        price: 10,
        minOrderQuantity: 10,
      }),
      409,
      adminErrors.toolNameTaken(other.name.toUpperCase()),
    );
    expectError(
      await editTool(app, admin, randomUUID(), { ...fields, price: 10, minOrderQuantity: 10 }),
      404,
      serverTexts.apiErrors.toolNotFound,
    );
    expect((await editTool(app, customer, tool._id, fields)).statusCode).toBe(403);
  });

  it('POST /api/tool answers every problem at once too, price breaks included', async ({
    app,
    admin,
  }) => {
    const response = await injectAs(app, admin, {
      method: 'POST',
      url: '/api/tool',
      payload: {
        name: '',
        desc: 'A desc',
        img: '/images/tools/claw-hammer.svg',
        price: 10,
        minOrderQuantity: 10,
        availableQuantity: 11,
        priceBreaks: [
          { minQuantity: 5, price: 11 },
          { minQuantity: 20, price: 12 },
        ],
      },
    });
    expect(response.statusCode).toBe(400);
    const messages = ErrorBodySchema.parse(response.json()).fieldErrors?.map((e) => e.message);
    expect(messages).toContain(texts.fieldErrors.required('name'));
    expect(messages).toContain(adminErrors.availableLeavesNoOrder);
    expect(messages).toContain(adminErrors.breakAtOrBelowMinimum(10));
  });
});

describe('POST/GET /api/manageTools/:id/stock', () => {
  it('restocks with a reason, lists the movement, and patches the catalog', async ({
    app,
    admin,
  }) => {
    const tool = await createTestTool(app, { availableQuantity: 100 });
    const response = await moveStock(app, admin, tool.id, {
      delta: 40,
      reason: 'received',
      note: 'Pallet 7',
    });
    expect(response.statusCode, response.body).toBe(200);
    const adjusted = StockAdjustedSchema.parse(response.json());
    expect(adjusted.stock.availableQuantity).toBe(140);
    expect(adjusted.movement).toMatchObject({
      delta: 40,
      reason: 'received',
      note: 'Pallet 7',
      stockAfter: 140,
      by: admin.email,
    });
    expect((await parts(app)).find((t) => t._id === tool.id)?.availableQuantity).toBe(140);
    const removal = await moveStock(app, admin, tool.id, { delta: '-15', reason: 'damaged' });
    expect(removal.statusCode, removal.body).toBe(200);
    const listed = await movements(app, admin, tool.id);
    expect(listed.map((m) => [m.delta, m.reason, m.stockAfter])).toEqual([
      [-15, 'damaged', 125],
      [40, 'received', 140],
    ]);
  });

  it('refuses a removal below zero in words, a delta of 0, an unknown reason, and non-admins', async ({
    app,
    admin,
    customer,
  }) => {
    const tool = await createTestTool(app, { availableQuantity: 12 });
    expectError(
      await moveStock(app, admin, tool.id, { delta: -13, reason: 'counted' }),
      400,
      adminErrors.stockBelowZero(12, 13),
    );
    const zero = await moveStock(app, admin, tool.id, { delta: 0, reason: 'counted' });
    expect(zero.statusCode).toBe(400);
    expect(zero.json<{ message: string }>().message).toBe(adminErrors.stockDeltaZero);
    const reason = await moveStock(app, admin, tool.id, { delta: 1, reason: 'stolen' });
    expect(reason.statusCode).toBe(400);
    expect(reason.json<{ message: string }>().message).toBe(adminErrors.stockReason);
    expect(
      (await moveStock(app, customer, tool.id, { delta: 1, reason: 'counted' })).statusCode,
    ).toBe(403);
    expect(
      (await moveStock(app, undefined, tool.id, { delta: 1, reason: 'counted' })).statusCode,
    ).toBe(401);
    expectError(
      await moveStock(app, admin, randomUUID(), { delta: 1, reason: 'counted' }),
      404,
      serverTexts.apiErrors.toolNotFound,
    );
    expect(await movements(app, admin, tool.id)).toEqual([]);
    const emptied = await moveStock(app, admin, tool.id, { delta: -12, reason: 'counted' });
    expect(StockAdjustedSchema.parse(emptied.json()).stock.availableQuantity).toBe(0);
  });

  it('refuses in words a restock that would take the stock past the largest whole number (issue 40 item 5: was a 500)', async ({
    app,
    admin,
  }) => {
    const created = await addProduct(app, admin, {
      name: newName('Bulk'),
      availableQuantity: 2_147_483_000,
    });
    expectError(
      await moveStock(app, admin, created._id, { delta: 1_000_000, reason: 'received' }),
      400,
      adminErrors.stockAboveMaximum(2_147_483_000, 1_000_000, MAX_WHOLE_NUMBER),
    );
    expect(await movements(app, admin, created._id)).toEqual([]);
    // Up to the largest whole number itself is a restock like any other.
    const filled = await moveStock(app, admin, created._id, { delta: 647, reason: 'received' });
    expect(filled.statusCode, filled.body).toBe(200);
    expect(StockAdjustedSchema.parse(filled.json()).stock.availableQuantity).toBe(MAX_WHOLE_NUMBER);
    expectError(
      await moveStock(app, admin, created._id, { delta: '1', reason: 'counted' }),
      400,
      adminErrors.stockAboveMaximum(MAX_WHOLE_NUMBER, 1, MAX_WHOLE_NUMBER),
    );
  });

  it('tells the staff once when a removal by hand takes the stock below the threshold', async ({
    app,
    admin,
  }) => {
    // Minimum 10: the default threshold is 30.
    const tool = await createTestTool(app, { name: newName('Damaged'), availableQuantity: 40 });
    const alerts = async () => {
      await app.outbox.idle();
      return (await readOutbox(app)).filter(
        (mail) => mail.headers.subject === serverTexts.mail.lowStock.subject(tool.name),
      );
    };
    await moveStock(app, admin, tool.id, { delta: -5, reason: 'damaged' });
    expect(await alerts()).toHaveLength(0);
    await moveStock(app, admin, tool.id, { delta: -10, reason: 'damaged' });
    const sent = await alerts();
    expect(sent.map((mail) => mail.headers.to)).toEqual([admin.email]);
    await moveStock(app, admin, tool.id, { delta: -1, reason: 'counted' });
    expect(await alerts()).toHaveLength(1);
  });

  it('never loses an update: 30 orders racing 10 adjustments add up', async ({
    app,
    admin,
    customer,
  }) => {
    const start = 200;
    const tool = await createTestTool(app, {
      name: newName('Race'),
      minOrderQuantity: 1,
      availableQuantity: start,
    });
    const reference = { id: tool.id, name: tool.name };
    const deltas = [25, -30, 10, -40, 15, -5, 60, -50, 5, -20];
    const [orders, adjustments] = await Promise.all([
      Promise.all(
        Array.from({ length: 30 }, (_, index) =>
          postOrder(app, customer, reference, { quantity: 2 + (index % 9) }),
        ),
      ),
      Promise.all(
        deltas.map((delta) => moveStock(app, admin, tool.id, { delta, reason: 'counted' })),
      ),
    ]);
    const held = orders
      .filter((response) => response.statusCode === 200)
      .map((response) => PlaceOrderResponseSchema.parse(response.json()).order.quantity);
    expect(held.length).toBeGreaterThan(0);
    for (const response of [...orders, ...adjustments]) {
      expect([200, 400, 409]).toContain(response.statusCode);
    }
    const moved = (await movements(app, admin, tool.id)).map((m) => m.delta);
    expect(moved.length).toBe(adjustments.filter((r) => r.statusCode === 200).length);
    const expected =
      start + moved.reduce((sum, delta) => sum + delta, 0) - held.reduce((sum, q) => sum + q, 0);
    const stock = await injectAs(app, admin, { url: '/api/manageTools/stock' });
    const row = stock
      .json<{ toolId: string; availableQuantity: number }[]>()
      .find((s) => s.toolId === tool.id);
    expect(row?.availableQuantity).toBe(expected);
    expect((await parts(app)).find((t) => t._id === tool.id)?.availableQuantity).toBe(expected);
  });
});

describe('archived tools: GET /api/manageTools/archived, POST /api/manageTools/:id/restore', () => {
  it('lists a removed tool and puts it back on sale; refuses a tool on sale and a taken name', async ({
    app,
    admin,
  }) => {
    const tool = await addProduct(app, admin, { name: newName('Restore Me') });
    expect((await deleteTool(app, admin, tool._id)).json()).toEqual({ deletedCount: 1 });
    const archived = await injectAs(app, admin, { url: '/api/manageTools/archived' });
    expect(ArchivedToolListSchema.parse(archived.json()).map((t) => t._id)).toContain(tool._id);
    const restore = () =>
      injectAs(app, admin, { method: 'POST', url: `/api/manageTools/${tool._id}/restore` });
    const restored = await restore();
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await parts(app)).some((t) => t._id === tool._id)).toBe(true);
    expectError(await restore(), 404, serverTexts.apiErrors.toolNotFound);

    await deleteTool(app, admin, tool._id);
    await addProduct(app, admin, { name: tool.name });
    expectError(await restore(), 409, adminErrors.restoreNameTaken(tool.name));
  });
});

describe('POST /api/manageTools/images', () => {
  it('turns a PNG into a WebP served with a year of immutable cache', async ({ app, admin }) => {
    const png = await sharp({
      create: { width: 1600, height: 800, channels: 3, background: { r: 200, g: 80, b: 20 } },
    })
      .png()
      .toBuffer();
    const response = await uploadImage(app, admin, multipart(png, 'anvil.png', 'image/png'));
    expect(response.statusCode, response.body).toBe(200);
    const { url } = UploadedToolImageSchema.parse(response.json());
    expect(url).toMatch(/^\/images\/tools\/[0-9a-f]{64}\.webp$/);
    const served = await app.inject(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 1200, height: 600 });
    // The URL is a good image link for a tool.
    const tool = await addProduct(app, admin, { name: newName('Pictured'), img: url });
    expect(tool.img).toBe(url);
    expect((await app.inject(url.replace(/[0-9a-f]{64}/, '0'.repeat(64)))).statusCode).toBe(404);
  });

  it('answers 413 above 5 MB, 400 for bytes that are no picture, 401/403 to others', async ({
    app,
    admin,
    customer,
  }) => {
    const big = Buffer.alloc(6 * 1024 * 1024, 7);
    expectError(
      await uploadImage(app, admin, multipart(big, 'big.png', 'image/png')),
      413,
      adminErrors.imageTooLarge(5),
    );
    expectError(
      await uploadImage(
        app,
        admin,
        multipart(Buffer.from('not a picture at all'), 'x.png', 'image/png'),
      ),
      400,
      adminErrors.imageNotAnImage,
    );
    const json = await injectAs(app, admin, {
      method: 'POST',
      url: '/api/manageTools/images',
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
    // Multipart that breaks off, or is no multipart at all under its content type: 400 in words
    // (busboy's 'Unexpected end of multipart data' was a 500).
    for (const payload of [']', '--x\r\nContent-Disposition: form-data; name="file"']) {
      expectError(
        await uploadImage(app, admin, {
          payload: Buffer.from(payload),
          headers: { 'content-type': 'multipart/form-data; boundary=x' },
        }),
        400,
        adminErrors.imageMissing,
      );
    }
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(
      (await uploadImage(app, customer, multipart(png, 'a.png', 'image/png'))).statusCode,
    ).toBe(403);
    expect(
      (await uploadImage(app, undefined, multipart(png, 'a.png', 'image/png'))).statusCode,
    ).toBe(401);
  });

  it('refuses a picture of more than 25 megapixels in words (413), from its header (issue 40 item 7)', async ({
    app,
    admin,
  }) => {
    // 5001 x 5000: one row past 25 megapixels, a few hundred KB of PNG.
    const png = await sharp({
      create: { width: 5001, height: 5000, channels: 3, background: '#c85014' },
    })
      .png()
      .toBuffer();
    expectError(
      await uploadImage(app, admin, multipart(png, 'huge.png', 'image/png')),
      413,
      adminErrors.imageTooManyPixels(MAX_INPUT_PIXELS / 1_000_000),
    );
  });

  it('decodes at most 2 pictures at once: of 7 uploads at once the others wait their turn, and one past the queue is a 503 in words (issue 40 item 7)', async ({
    app,
    admin,
  }) => {
    // 16 megapixels each: about a quarter of a second of sharp's work, 48 MB decoded.
    const png = await sharp({
      create: { width: 4000, height: 4000, channels: 3, background: '#1450c8' },
    })
      .png()
      .toBuffer();
    // sharp's own counter of the pictures libvips is decoding and encoding, in this process. Its
    // queue is left out: it also counts the header reads, which decode no pixel.
    let most = 0;
    let mostQueued = 0;
    const watch = setInterval(() => {
      const { queue, process } = sharp.counters();
      most = Math.max(most, process);
      mostQueued = Math.max(mostQueued, queue);
    }, 2);
    const answers = await Promise.all(
      Array.from({ length: UPLOADS_IN_FLIGHT + UPLOADS_WAITING + 1 }, (_, index) =>
        uploadImage(app, admin, multipart(png, `shelf-${index}.png`, 'image/png')),
      ),
    ).finally(() => clearInterval(watch));
    const statuses = answers.map((answer) => `${answer.statusCode} ${answer.body.slice(0, 80)}`);
    const seen = `at most ${most} decoding and ${mostQueued} queued at once; the answers:\n${statuses.join('\n')}`;
    expect(most, `too many decoding: ${seen}`).toBeLessThanOrEqual(UPLOADS_IN_FLIGHT);
    // The seventh is refused only when it arrives while six are taken: on a busy machine the
    // first may be done by then (the queue itself is tested in tool-images.test.ts).
    const stored = answers.filter((answer) => answer.statusCode === 200);
    const busy = answers.filter((answer) => answer.statusCode === 503);
    expect(stored.length + busy.length, `an answer neither 200 nor 503: ${seen}`).toBe(
      answers.length,
    );
    expect(stored.length, `too few stored: ${seen}`).toBeGreaterThanOrEqual(
      UPLOADS_IN_FLIGHT + UPLOADS_WAITING,
    );
    for (const refused of busy) {
      expectError(refused, 503, adminErrors.imageUploadsBusy);
      expect(refused.headers['retry-after']).toBe('5');
    }
    expect(most, seen).toBeGreaterThan(0);
  });
});
