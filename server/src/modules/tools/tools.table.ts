import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { randomUuidKey, timestamptz } from '../../db/columns.ts';
import { categories } from '../categories/categories.table.ts';

/** A tool of the catalog. Removing a tool archives it: its orders keep their snapshot. */
export const tools = pgTable(
  'tools',
  {
    id: randomUuidKey(),
    name: text('name').notNull(),
    /**
     * The manufacturer's stock-keeping unit (issue 26): unique in any case among every tool,
     * archived ones too, so an invoice's SKU always names one tool. Its shape is contract's
     * `skuSchema`.
     */
    sku: text('sku').notNull(),
    image: text('image').notNull(),
    description: text('description').notNull(),
    priceCents: integer('price_cents').notNull(),
    minOrderQuantity: integer('min_order_quantity').notNull(),
    availableQuantity: integer('available_quantity').notNull(),
    /**
     * Below this many available units the tool is low on stock, and the order that takes it
     * there e-mails the admins (issue 13); null: the default, LOW_STOCK_FACTOR x the minimum.
     */
    lowStockThreshold: integer('low_stock_threshold'),
    /**
     * Bumped by every UPDATE that moves the stock, and returned by it: the catalog snapshot
     * patches a tool's stock only with a newer version than it holds, so two orders' patches
     * that arrive out of order leave the later stock (docs/decisions/013).
     */
    stockVersion: bigint('stock_version', { mode: 'number' }).notNull().default(0),
    /**
     * The tool's category (issue 43), null for none. Deleting a category is refused while a tool
     * on sale is in it; an archived tool in it loses its category then.
     */
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'set null' }),
    /** Its attributes (issue 43), each a facet of the category pages; null for none. */
    brandLine: text('brand_line'),
    size: text('size'),
    material: text('material'),
    archivedAt: timestamptz('archived_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // Names identify a tool for clients that order by name: unique among live tools, any case.
    uniqueIndex('tools_name_live_unique')
      .on(sql`lower(${t.name})`)
      .where(sql`${t.archivedAt} is null`),
    uniqueIndex('tools_sku_unique').on(sql`lower(${t.sku})`),
    check('tools_price_nonnegative', sql`${t.priceCents} >= 0`),
    check('tools_min_nonnegative', sql`${t.minOrderQuantity} >= 0`),
    check('tools_available_nonnegative', sql`${t.availableQuantity} >= 0`),
    check('tools_low_stock_threshold_nonnegative', sql`${t.lowStockThreshold} >= 0`),
    index('tools_category_id_idx').on(t.categoryId),
    // Manage Tools' pages (issue 43): the tools on sale in the catalog's order, read from a cursor.
    index('tools_live_created_at_name_id_idx')
      .on(t.createdAt, t.name, t.id)
      .where(sql`${t.archivedAt} is null`),
    check(
      'tools_attributes_length',
      sql`char_length(${t.brandLine}) <= 60 and char_length(${t.size}) <= 60 and char_length(${t.material}) <= 60`,
    ),
  ],
);

/**
 * The tool an order or a quote is for, with its name and image as they were then: archiving or
 * renaming the tool never rewrites them.
 */
export const toolSnapshotColumns = () => ({
  toolId: uuid('tool_id')
    .notNull()
    .references(() => tools.id),
  toolName: text('tool_name').notNull(),
  toolImage: text('tool_image').notNull(),
});

/**
 * Volume pricing (docs/architecture.md#business-buyers): from `min_quantity` units, `price_cents`
 * each. A tool's breaks are replaced as a whole (PUT /tool/{id}/priceBreaks); the rules between
 * them (above the minimum, below the list price, falling with quantity) are checked before they are
 * written.
 */
export const toolPriceBreaks = pgTable(
  'tool_price_breaks',
  {
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
    minQuantity: integer('min_quantity').notNull(),
    priceCents: integer('price_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.toolId, t.minQuantity] }),
    check('tool_price_breaks_quantity_positive', sql`${t.minQuantity} > 0`),
    check('tool_price_breaks_price_positive', sql`${t.priceCents} > 0`),
  ],
);
