import { rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { asc } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/client.ts';
import { pgliteExtensions } from '../../db/pglite-extensions.ts';
import { migrationsBefore } from '../../testing/migrations.ts';
import { demoCategories, demoCategoryPositions, demoTools, toolImagePath } from '../seed.ts';
import { tools } from '../tools/tools.table.ts';
import { categories } from './categories.table.ts';

// Migration 0025 gives a database seeded with the demo tools before it the demo tree and the
// demo tools' categories and attributes, as the seed gives them to a new database: the two are
// written apart (SQL and demo-catalog.json), so this test holds them together.
describe('migration 0025: the demo tree for a database seeded before it', () => {
  const before = migrationsBefore('0025_categories');
  afterAll(() => rmSync(before, { recursive: true, force: true }));

  async function migratedWith(toolRows: string): Promise<ReturnType<typeof drizzle>> {
    const client = await PGlite.create({ extensions: pgliteExtensions });
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: before });
    if (toolRows) await client.exec(toolRows);
    await migrate(db, { migrationsFolder });
    return db;
  }

  it('adds the seed’s tree and puts each demo tool in its category with its attributes', async () => {
    // The demo tools as the seed of the time wrote them; the spanner's SKU edited since.
    const values = demoTools
      .map(
        (tool, index) =>
          `('${tool.name}', '${tool.sku === 'SP-ADJ-10' ? 'SP-ADJ-10-B' : tool.sku}', '${toolImagePath(tool.slug)}', 'Demo.', ${tool.priceCents}, 1, 100, now() + interval '${index} seconds')`,
      )
      .join(',\n');
    const db = await migratedWith(`
      insert into tools (name, sku, image, description, price_cents, min_order_quantity, available_quantity, created_at)
      values ${values};
      insert into tools (name, sku, image, description, price_cents, min_order_quantity, available_quantity, created_at)
      values ('Own Tool', 'OWN-1', '/images/tools/own.svg', 'Not a demo tool.', 100, 1, 10, now() + interval '1 hour');
    `);
    const rows = await db.select().from(categories).orderBy(asc(categories.slug));
    const slugOf = new Map(rows.map((row) => [row.id, row.slug]));
    const positions = demoCategoryPositions();
    expect(
      rows.map((row) => ({
        slug: row.slug,
        name: row.name,
        parent: row.parentId === null ? null : slugOf.get(row.parentId),
        position: row.position,
      })),
    ).toEqual(
      [...demoCategories]
        .sort((a, b) => a.slug.localeCompare(b.slug))
        .map((category) => ({ ...category, position: positions.get(category.slug) })),
    );

    const stored = await db.select().from(tools).orderBy(asc(tools.createdAt));
    expect(
      stored.map((tool) => ({
        name: tool.name,
        category: tool.categoryId === null ? undefined : slugOf.get(tool.categoryId),
        attributes:
          tool.brandLine === null
            ? undefined
            : { brandLine: tool.brandLine, size: tool.size, material: tool.material },
      })),
    ).toEqual([
      ...demoTools.map((tool) => ({
        name: tool.name,
        category: tool.category,
        attributes: tool.attributes,
      })),
      { name: 'Own Tool', category: undefined, attributes: undefined },
    ]);
  });

  it('adds no tree to a catalog without the demo tools', async () => {
    const db = await migratedWith(`
      insert into tools (name, sku, image, description, price_cents, min_order_quantity, available_quantity)
      values ('Own Tool', 'OWN-1', '/images/tools/own.svg', 'Not a demo tool.', 100, 1, 10);
    `);
    expect(await db.select().from(categories)).toEqual([]);
  });
});
