import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { centsToDollars, isQuantityAllowed, priceBreaksProblem } from '@tools-factory/contract';
import { createTestDatabase } from '../testing/test-database.ts';
import type { Database } from '../db/client.ts';
import { categories, galleryItems, reviews, toolPriceBreaks, tools } from './tables.ts';
import { demoCategories, demoGallery, demoReviews, demoTools, seedDemoData } from './seed.ts';

async function count(
  db: Database,
  table: typeof tools | typeof reviews | typeof galleryItems | typeof toolPriceBreaks,
) {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(table);
  return row?.count;
}

describe('demo seed', () => {
  it('fills an empty catalog once, and does nothing the second time', async () => {
    const database = await createTestDatabase();
    try {
      const { db } = await database.connect();
      expect(await seedDemoData(db)).toBe(true);
      expect(await seedDemoData(db)).toBe(false);
      expect(await count(db, tools)).toBe(demoTools.length);
      expect(await count(db, reviews)).toBe(demoReviews.length);
      expect(await count(db, galleryItems)).toBe(demoGallery.length);
      const breaks = demoTools.flatMap((tool) => tool.priceBreaks ?? []);
      expect(await count(db, toolPriceBreaks)).toBe(breaks.length);
    } finally {
      await database.destroy();
    }
  });

  it('seeds the demo tree and puts every demo tool in a category of it, with attributes', async () => {
    // Parents come before their children, and every demo tool names a category of the tree.
    const slugs = demoCategories.map((category) => category.slug);
    demoCategories.forEach((category, index) => {
      if (category.parent !== null) expect(slugs.slice(0, index)).toContain(category.parent);
    });
    for (const tool of demoTools) {
      expect(slugs, tool.name).toContain(tool.category);
      expect(Object.values(tool.attributes).every((value) => value.length <= 60)).toBe(true);
    }
    const database = await createTestDatabase();
    try {
      const { db } = await database.connect();
      await seedDemoData(db);
      const stored = await db.select().from(categories);
      expect(stored.map((row) => row.slug).sort()).toEqual([...slugs].sort());
      const idOf = new Map(stored.map((row) => [row.slug, row.id]));
      const seeded = await db.select().from(tools);
      for (const tool of demoTools) {
        const row = seeded.find((each) => each.sku === tool.sku);
        expect(row?.categoryId, tool.name).toBe(idOf.get(tool.category));
        expect(row?.material, tool.name).toBe(tool.attributes.material);
      }
    } finally {
      await database.destroy();
    }
  });

  it('seeds realistic tools: at least 9, quantities well above their minimum', () => {
    expect(demoTools.length).toBeGreaterThanOrEqual(9);
    expect(demoTools.map((tool) => tool.slug)).toEqual([
      'claw-hammer',
      'combination-wrench',
      'screwdriver-set',
      'slip-joint-pliers',
      'hand-saw',
      'wood-chisel',
      'tape-measure',
      'adjustable-spanner',
      'metal-file',
    ]);
    for (const tool of demoTools) {
      expect(Number.isInteger(tool.priceCents)).toBe(true);
      expect(tool.availableQuantity).toBeGreaterThan(tool.minOrderQuantity * 5);
    }
    expect(demoReviews).toHaveLength(6);
    expect(demoGallery).toHaveLength(6);
  });

  it('gives at least three tools price breaks a newcomer can order: valid, each below the stock', () => {
    const withBreaks = demoTools.filter((tool) => (tool.priceBreaks ?? []).length > 0);
    expect(withBreaks.length).toBeGreaterThanOrEqual(3);
    for (const tool of withBreaks) {
      const breaks = (tool.priceBreaks ?? []).map((priceBreak) => ({
        minQuantity: priceBreak.minQuantity,
        price: centsToDollars(priceBreak.priceCents),
      }));
      const listPrice = {
        price: centsToDollars(tool.priceCents),
        minOrderQuantity: tool.minOrderQuantity,
      };
      expect(priceBreaksProblem(breaks, listPrice), tool.name).toBeUndefined();
      for (const { minQuantity } of breaks) {
        expect(isQuantityAllowed(minQuantity, tool), `${tool.name} at ${minQuantity}`).toBe(true);
      }
    }
  });

  it('seeds nothing when the catalog already has a tool, even an archived one', async () => {
    const database = await createTestDatabase();
    try {
      const { db } = await database.connect();
      await db.execute(
        sql`insert into tools (name, sku, image, description, price_cents, min_order_quantity, available_quantity, archived_at)
            values ('Old Tool', 'OT-1', '/images/tools/claw-hammer.svg', 'Gone.', 100, 1, 10, now())`,
      );
      expect(await seedDemoData(db)).toBe(false);
      expect(await count(db, reviews)).toBe(0);
    } finally {
      await database.destroy();
    }
  });
});
