import { desc } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { reviews } from './reviews.table.ts';

export type ReviewRow = typeof reviews.$inferSelect;
export type NewReviewRow = typeof reviews.$inferInsert;

export function selectReviewsNewestFirst(executor: Executor): Promise<ReviewRow[]> {
  return executor.select().from(reviews).orderBy(desc(reviews.createdAt), desc(reviews.id));
}

export async function insertReview(executor: Executor, values: NewReviewRow): Promise<ReviewRow> {
  const [row] = await executor.insert(reviews).values(values).returning();
  if (!row) throw new Error('insert into reviews returned no row');
  return row;
}
