import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { categories } from './categories.table.ts';

// The category tree's rows (issue 43). The table is small (tens of rows, a few hundred at
// most): the service reads it whole and works out depths, descendants and counts in memory.

export type CategoryRow = typeof categories.$inferSelect;
export type NewCategoryRow = typeof categories.$inferInsert;

/** Every category, siblings in their order. */
export function selectCategories(executor: Executor): Promise<CategoryRow[]> {
  return executor.select().from(categories).orderBy(asc(categories.position), asc(categories.name));
}

/**
 * Every category, locked until `tx` ends: a move reads the tree it checks (no cycle, not too
 * deep) while no other move or delete changes it.
 */
export function lockCategories(tx: Transaction): Promise<CategoryRow[]> {
  return tx
    .select()
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.name))
    .for('update');
}

/** The id of the category with this slug, read in `executor`. */
export async function selectCategoryIdBySlug(
  executor: Executor,
  slug: string,
): Promise<string | undefined> {
  const [row] = await executor
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.slug, slug));
  return row?.id;
}

/** Every category's slug by its id. */
export async function selectSlugsById(executor: Executor): Promise<Map<string, string>> {
  const rows = await executor.select({ id: categories.id, slug: categories.slug }).from(categories);
  return new Map(rows.map((row) => [row.id, row.slug]));
}

export async function insertCategory(
  executor: Executor,
  values: NewCategoryRow,
): Promise<CategoryRow> {
  const [row] = await executor.insert(categories).values(values).returning();
  if (!row) throw new Error('insert into categories returned no row');
  return row;
}

/** The next position under `parentId` (null: the top level): after every sibling. */
export async function selectNextPosition(
  executor: Executor,
  parentId: string | null,
): Promise<number> {
  const [row] = await executor
    .select({ next: sql<number>`coalesce(max(${categories.position}), 0)::int + 1` })
    .from(categories)
    .where(
      parentId === null ? sql`${categories.parentId} is null` : eq(categories.parentId, parentId),
    );
  return row?.next ?? 1;
}

export async function updateCategory(
  executor: Executor,
  id: string,
  fields: Partial<Pick<NewCategoryRow, 'name' | 'parentId' | 'position'>>,
): Promise<CategoryRow | undefined> {
  const [row] = await executor
    .update(categories)
    .set(fields)
    .where(eq(categories.id, id))
    .returning();
  return row;
}

/** Deletes the category when it has no sub-category; resolves to the rows deleted (0 or 1). */
export async function deleteChildlessCategory(executor: Executor, id: string): Promise<number> {
  const deleted = await executor
    .delete(categories)
    .where(
      and(
        eq(categories.id, id),
        sql`not exists (select 1 from ${categories} child where child.parent_id = ${id})`,
      ),
    )
    .returning({ id: categories.id });
  return deleted.length;
}
