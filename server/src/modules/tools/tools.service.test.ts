import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ToolSchema } from '@tools-factory/contract';
import type { App } from '../../app.ts';
import { HttpError } from '../../http-errors.ts';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { archiveTool, createTool, listCatalogTools } from './tools.service.ts';

describe('tools service', () => {
  let app: App;
  const context = () => ({ db: app.database.db, catalog: app.catalog });

  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('creates a tool from dollars, keeps cents, and the catalog shows it at once', async () => {
    const tool = await createTool(context(), {
      name: 'Ball Peen Hammer',
      desc: 'A hammer for metalwork. Rounds rivets and shapes sheet.',
      img: '/images/tools/claw-hammer.svg',
      price: 19.99,
      minOrderQuantity: 50,
      availableQuantity: 900,
    });
    expect(ToolSchema.parse(tool)).toMatchObject({ name: 'Ball Peen Hammer', price: 19.99 });
    const listed = await listCatalogTools(app.database.db);
    expect(listed.find((t) => t._id === tool._id)?.price).toBe(19.99);
    expect((await app.inject(`/api/tool/${tool._id}`)).json()).toEqual(tool);
  });

  it('refuses a second live tool of the same name, whatever its case, with 409', async () => {
    const input = {
      name: 'Mallet',
      desc: 'A rubber mallet.',
      img: '/images/tools/claw-hammer.svg',
      price: 5,
      minOrderQuantity: 10,
      availableQuantity: 100,
    };
    await createTool(context(), input);
    const error = await createTool(context(), { ...input, name: 'MALLET' }).catch((e) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ statusCode: 409 });
  });

  it('archives a tool once; unknown and malformed ids archive nothing', async () => {
    const tool = await createTool(context(), {
      name: 'Spirit Level',
      desc: 'A 60 cm level.',
      img: '/images/tools/tape-measure.svg',
      price: 9.5,
      minOrderQuantity: 20,
      availableQuantity: 300,
    });
    expect(await archiveTool(context(), tool._id)).toBe(1);
    expect(await archiveTool(context(), tool._id)).toBe(0);
    expect(await archiveTool(context(), 'not-an-id')).toBe(0);
    expect((await app.inject(`/api/tool/${tool._id}`)).statusCode).toBe(404);
  });
});
