import { desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { reviews } from './reviews.table.ts';

export type ReviewRow = typeof reviews.$inferSelect;
export type NewReviewRow = typeof reviews.$inferInsert;

/** The reviews the public sees (none hidden by an admin), newest first. */
export function selectShownReviewsNewestFirst(executor: Executor): Promise<ReviewRow[]> {
  return executor
    .select()
    .from(reviews)
    .where(isNull(reviews.hiddenAt))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
}

/** Every review, hidden ones too, newest first (the admins' Reviews page). */
export function selectAllReviewsNewestFirst(executor: Executor): Promise<ReviewRow[]> {
  return executor.select().from(reviews).orderBy(desc(reviews.createdAt), desc(reviews.id));
}

export async function insertReview(executor: Executor, values: NewReviewRow): Promise<ReviewRow> {
  const [row] = await executor.insert(reviews).values(values).returning();
  if (!row) throw new Error('insert into reviews returned no row');
  return row;
}

/**
 * Hides a review (now) or shows it again; a review hidden already keeps its time. Undefined when
 * no review has this id.
 */
export async function updateReviewHidden(
  executor: Executor,
  id: string,
  hidden: boolean,
): Promise<ReviewRow | undefined> {
  const [row] = await executor
    .update(reviews)
    .set({ hiddenAt: hidden ? sql`coalesce(${reviews.hiddenAt}, now())` : null })
    .where(eq(reviews.id, id))
    .returning();
  return row;
}
