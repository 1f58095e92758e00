import { describe, expect } from 'vitest';
import { ToolSchema } from '@tools-factory/contract';
import { HttpError } from '../../http-errors.ts';
import { it } from '../../testing/app-fixtures.ts';

describe('tools service', () => {
  it('creates a tool from dollars, keeps cents, and the catalog shows it at once', async ({
    app,
  }) => {
    const { tool } = await app.tools.addTool({
      name: 'Ball Peen Hammer',
      desc: 'A hammer for metalwork. Rounds rivets and shapes sheet.',
      img: '/images/tools/claw-hammer.svg',
      price: 19.99,
      minOrderQuantity: 50,
      availableQuantity: 900,
      priceBreaks: [],
    });
    expect(ToolSchema.parse(tool)).toMatchObject({ name: 'Ball Peen Hammer', price: 19.99 });
    const listed = await app.tools.listCatalog();
    expect(listed.find((t) => t._id === tool._id)?.price).toBe(19.99);
    expect((await app.inject(`/api/tool/${tool._id}`)).json()).toEqual(tool);
  });

  it('refuses a second live tool of the same name, whatever its case, with 409', async ({
    app,
  }) => {
    const input = {
      name: 'Mallet',
      desc: 'A rubber mallet.',
      img: '/images/tools/claw-hammer.svg',
      price: 5,
      minOrderQuantity: 10,
      availableQuantity: 100,
      priceBreaks: [],
    };
    await app.tools.addTool(input);
    const error = await app.tools.addTool({ ...input, name: 'MALLET' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ statusCode: 409 });
  });

  it('archives a tool once; unknown and malformed ids archive nothing', async ({ app }) => {
    const { tool } = await app.tools.addTool({
      name: 'Spirit Level',
      desc: 'A 60 cm level.',
      img: '/images/tools/tape-measure.svg',
      price: 9.5,
      minOrderQuantity: 20,
      availableQuantity: 300,
      priceBreaks: [],
    });
    expect((await app.tools.removeTool(tool._id)).deletedCount).toBe(1);
    expect((await app.tools.removeTool(tool._id)).deletedCount).toBe(0);
    expect((await app.tools.removeTool('not-an-id')).deletedCount).toBe(0);
    expect((await app.inject(`/api/tool/${tool._id}`)).statusCode).toBe(404);
  });
});
