import { randomUUID } from 'node:crypto';
import type { App } from '../app.ts';
import type { Executor } from '../db/client.ts';
import {
  insertReview,
  type NewReviewRow,
  type ReviewRow,
} from '../modules/reviews/reviews.repository.ts';
import { insertTool, type NewToolRow, type ToolRow } from '../modules/tools/tools.repository.ts';

/**
 * Rows for tests, written straight to the app's database, then the app's catalog snapshot is
 * rebuilt (and the other instances told) as a real write path would.
 */
export async function createTestTool(
  app: App,
  overrides: Partial<NewToolRow> = {},
): Promise<ToolRow> {
  const row = await insertTestTool(app.database.db, overrides);
  await app.catalog.invalidate();
  return row;
}

/** Inserts a tool without telling any catalog snapshot (as a write path that forgot would). */
export function insertTestTool(
  db: Executor,
  overrides: Partial<NewToolRow> = {},
): Promise<ToolRow> {
  const unique = randomUUID().slice(0, 8);
  return insertTool(db, {
    name: `Test Tool ${unique}`,
    image: '/images/tools/claw-hammer.svg',
    description: 'A tool made for the tests. It does what the test needs.',
    priceCents: 1999,
    minOrderQuantity: 10,
    availableQuantity: 500,
    ...overrides,
  });
}

export async function createTestReview(
  app: App,
  overrides: Partial<NewReviewRow> = {},
): Promise<ReviewRow> {
  const unique = randomUUID().slice(0, 8);
  const row = await insertReview(app.database.db, {
    name: `Reviewer ${unique}`,
    email: `reviewer-${unique}@example.com`,
    review: 'Sturdy tools, delivered on time.',
    rating: 5,
    ...overrides,
  });
  await app.catalog.invalidate();
  return row;
}
