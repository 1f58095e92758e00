import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-database.ts';
import type { Database } from '../db/client.ts';
import { galleryItems, reviews, tools } from './tables.ts';
import { demoGallery, demoReviews, demoTools, seedDemoData } from './seed.ts';

async function count(db: Database, table: typeof tools | typeof reviews | typeof galleryItems) {
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

  it('seeds nothing when the catalog already has a tool, even an archived one', async () => {
    const database = await createTestDatabase();
    try {
      const { db } = await database.connect();
      await db.execute(
        sql`insert into tools (name, image, description, price_cents, min_order_quantity, available_quantity, archived_at)
            values ('Old Tool', '/images/tools/claw-hammer.svg', 'Gone.', 100, 1, 10, now())`,
      );
      expect(await seedDemoData(db)).toBe(false);
      expect(await count(db, reviews)).toBe(0);
    } finally {
      await database.destroy();
    }
  });
});
