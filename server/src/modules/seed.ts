import { eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.ts';
import { categories, galleryItems, reviews, toolPriceBreaks, tools } from './tables.ts';
import demoCatalog from './demo-catalog.json' with { type: 'json' };

/** Any number, as long as nothing else takes the same advisory lock. */
const SEED_LOCK_KEY = 724502;

type DemoTool = {
  slug: string;
  /** Its SKU (issue 26): a family code, a kind and a size, as a manufacturer numbers its range. */
  sku: string;
  name: string;
  description: string;
  priceCents: number;
  minOrderQuantity: number;
  availableQuantity: number;
  /**
   * Volume pricing as a manufacturer publishes it (about 8% off from a few hundred units, 15%
   * from a thousand): above the minimum and below the stock, so a newcomer can try each break.
   */
  priceBreaks?: readonly { minQuantity: number; priceCents: number }[];
  /** The slug of its category in the demo tree (issue 43). */
  category: string;
  /** Its facets on the category pages. */
  attributes: { brandLine: string; size: string; material: string };
};

/**
 * A category of the demo tree (issue 43), its parent named by slug (null: the top level), in
 * the order the tree shows them: each category's position is its place among its siblings here.
 * Migration 0025 states the same tree for databases seeded before it (its test compares them).
 */
type DemoCategory = { slug: string; name: string; parent: string | null };

type DemoReview = { name: string; email: string; review: string; rating: number };

/**
 * The demo catalog is data, kept as such in demo-catalog.json: its tools (each image a file the
 * app serves, web/public/images/tools/<slug>.svg), its six reviews and its six gallery cards (each
 * image web/public/images/gallery/<n>.svg). Typed here; seed.test.ts checks what it holds.
 */
export const demoTools: readonly DemoTool[] = demoCatalog.tools;

export const demoCategories: readonly DemoCategory[] = demoCatalog.categories;

/** Each demo category's place among its siblings, from 1, as the tree lists them. */
export function demoCategoryPositions(): Map<string, number> {
  const positions = new Map<string, number>();
  const siblings = new Map<string | null, number>();
  for (const category of demoCategories) {
    const position = (siblings.get(category.parent) ?? 0) + 1;
    siblings.set(category.parent, position);
    positions.set(category.slug, position);
  }
  return positions;
}

export const demoReviews: readonly DemoReview[] = demoCatalog.reviews;

export const demoGallery: readonly string[] = demoCatalog.gallery;

export function toolImagePath(slug: string): string {
  return `/images/tools/${slug}.svg`;
}

export function galleryImagePath(position: number): string {
  return `/images/gallery/${position}.svg`;
}

/**
 * The demo tree, parents before their children; a category whose slug is taken already is
 * left as it is. Answers every demo category's id by slug.
 */
async function seedDemoCategories(tx: Transaction): Promise<Map<string, string>> {
  const positions = demoCategoryPositions();
  const ids = new Map<string, string>();
  for (const category of demoCategories) {
    await tx
      .insert(categories)
      .values({
        slug: category.slug,
        name: category.name,
        parentId: category.parent === null ? null : (ids.get(category.parent) ?? null),
        position: positions.get(category.slug) ?? 0,
      })
      .onConflictDoNothing({ target: categories.slug });
    const [row] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.slug, category.slug));
    if (row) ids.set(category.slug, row.id);
  }
  return ids;
}

/**
 * Fills an empty catalog with the demo tree, the demo tools (their categories, attributes and
 * price breaks too), reviews and gallery, in one transaction. Does nothing when the tools table has any row (archived ones too), so it is
 * safe on every start; an advisory lock keeps two instances starting together from both
 * seeding. Resolves to true when it seeded.
 */
export async function seedDemoData(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [existing] = await tx.select({ count: sql<number>`count(*)::int` }).from(tools);
    if ((existing?.count ?? 0) > 0) return false;

    // Spaced timestamps keep the catalog in this order and the reviews newest first.
    const base = Date.now() - 60 * 60 * 1000;
    const categoryIds = await seedDemoCategories(tx);
    const inserted = await tx
      .insert(tools)
      .values(
        demoTools.map((tool, index) => ({
          name: tool.name,
          sku: tool.sku,
          image: toolImagePath(tool.slug),
          description: tool.description,
          priceCents: tool.priceCents,
          minOrderQuantity: tool.minOrderQuantity,
          availableQuantity: tool.availableQuantity,
          categoryId: categoryIds.get(tool.category) ?? null,
          ...tool.attributes,
          createdAt: new Date(base + index * 1000),
          updatedAt: new Date(base + index * 1000),
        })),
      )
      .returning({ id: tools.id, name: tools.name });
    const idByName = new Map(inserted.map((tool) => [tool.name, tool.id]));
    const priceBreaks = demoTools.flatMap((tool) =>
      (tool.priceBreaks ?? []).map((priceBreak) => ({
        toolId: idByName.get(tool.name) ?? '',
        ...priceBreak,
      })),
    );
    if (priceBreaks.length > 0) await tx.insert(toolPriceBreaks).values(priceBreaks);
    await tx.insert(reviews).values(
      demoReviews.map((review, index) => ({
        ...review,
        createdAt: new Date(base - index * 24 * 60 * 60 * 1000),
      })),
    );
    await tx.insert(galleryItems).values(
      demoGallery.map((description, index) => ({
        image: galleryImagePath(index + 1),
        description,
        position: index + 1,
      })),
    );
    return true;
  });
}
