import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { randomUuidKey, timestamptz } from '../../db/columns.ts';

/**
 * The category tree (issue 43), kept by admins in Manage Tools: a category sits under its
 * parent (null: the top level), at `position` among its siblings. Its slug names it in URLs and
 * never changes with a rename, so shared links keep working. A tool names its category in
 * `tools.category_id`.
 */
export const categories = pgTable(
  'categories',
  {
    id: randomUuidKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    // A parent with children is never deleted (categories.service.ts refuses it): no cascade.
    parentId: uuid('parent_id').references((): AnyPgColumn => categories.id),
    position: integer('position').notNull().default(0),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('categories_slug_unique').on(t.slug),
    // Siblings have different names, whatever their case (the top level is one set of siblings).
    uniqueIndex('categories_sibling_name_unique').on(
      sql`coalesce(${t.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      sql`lower(${t.name})`,
    ),
    index('categories_parent_id_idx').on(t.parentId),
    check(
      'categories_slug_shape',
      sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and ${t.slug} <> 'all'`,
    ),
    check('categories_name_length', sql`char_length(${t.name}) between 1 and 60`),
    check('categories_not_own_parent', sql`${t.parentId} <> ${t.id}`),
  ],
);
