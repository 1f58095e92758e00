import { desc, eq, isNull, sql } from 'drizzle-orm';
import { MANAGED_REVIEWS_COUNT_CAP } from '@tools-factory/contract';
import { countUpToCap, type CappedCount } from '../../db/capped-count.ts';
import type { Executor } from '../../db/client.ts';
import {
  cursorTime,
  keysetPage,
  keysetPageLimit,
  pastCursor,
  type KeysetCursor,
} from '../../db/keyset-cursor.ts';
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

/**
 * A page of every review, newest first as selectAllReviewsNewestFirst, and the review after
 * it (keysetPage): read backwards off reviews_created_at_id_idx from `after`, never a sort of
 * them all. Apart, so that a test reads its plan.
 */
export function reviewsPageQuery(
  executor: Executor,
  page: { limit: number; after?: KeysetCursor | undefined },
) {
  const { after } = page;
  return executor
    .select({ review: reviews, cursorDate: cursorTime(reviews.createdAt) })
    .from(reviews)
    .where(after ? pastCursor(reviews.createdAt, reviews.id, '<', after, 'uuid') : undefined)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(keysetPageLimit(page.limit));
}

/**
 * One page of every review (the admins' Reviews), how many there are (up to `countCap`:
 * MANAGED_REVIEWS_COUNT_CAP unless a test says), where the next starts.
 */
export async function selectReviewsPage(
  executor: Executor,
  page: { limit: number; after?: KeysetCursor | undefined; countCap?: number },
): Promise<CappedCount & { rows: ReviewRow[]; next: KeysetCursor | undefined }> {
  const [found, counted] = await Promise.all([
    reviewsPageQuery(executor, page),
    countUpToCap(executor, reviews, undefined, page.countCap ?? MANAGED_REVIEWS_COUNT_CAP),
  ]);
  const { rows, next } = keysetPage(found, page.limit, (last) => ({
    createdAt: last.cursorDate,
    id: last.review.id,
  }));
  return { rows: rows.map(({ review }) => review), ...counted, next };
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
