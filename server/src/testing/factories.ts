import { randomUUID } from 'node:crypto';
import type { App } from '../app.ts';
import type { Executor } from '../db/client.ts';
import {
  insertReview,
  type NewReviewRow,
  type ReviewRow,
} from '../modules/reviews/reviews.repository.ts';
import {
  insertQuote,
  insertQuoteRequest,
  type NewQuoteRow,
  type QuoteRow,
} from '../modules/quotes/quotes.repository.ts';
import { insertTool, type NewToolRow, type ToolRow } from '../modules/tools/tools.repository.ts';
import {
  insertCategory,
  type CategoryRow,
  type NewCategoryRow,
} from '../modules/categories/categories.repository.ts';

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

/** A category (issue 43), at the top level unless `overrides` say otherwise, with no tool. */
export async function createTestCategory(
  app: App,
  overrides: Partial<NewCategoryRow> = {},
): Promise<CategoryRow> {
  const unique = randomUUID().slice(0, 8);
  const row = await insertCategory(app.database.db, {
    slug: `test-category-${unique}`,
    name: `Test Category ${unique}`,
    ...overrides,
  });
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
    sku: `TT-${unique.toUpperCase()}`,
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

/**
 * A quote of `customer` for `tool`, written straight to the database: requested, or with
 * `overrides` (an offer, another status). Straight in, so that fixtures made in bulk (the
 * authorization walk) are not refused by the cap on open quotes that POST /api/quotes keeps.
 */
/**
 * A quote request of several lines of the customer's (issue 42), one line of 250 per tool, as
 * POST /api/quoteRequests makes them; `overrides` change every line (an offer: its columns).
 */
export function createTestQuoteRequest(
  app: App,
  customer: { userId: string; email: string },
  tools: readonly { id: string; name: string; image?: string }[],
  overrides: Partial<NewQuoteRow> = {},
): Promise<QuoteRow[]> {
  return app.database.db.transaction((tx) =>
    insertQuoteRequest(
      tx,
      { userId: customer.userId, requestedAt: new Date() },
      tools.map((tool) => ({
        email: customer.email,
        toolId: tool.id,
        toolName: tool.name,
        toolImage: tool.image ?? '/images/tools/claw-hammer.svg',
        quantity: 250,
        neededBy: '2099-12-31',
        note: 'A quote request made for the tests.',
        ...overrides,
      })),
    ),
  );
}

export function createTestQuote(
  app: App,
  customer: { userId: string; email: string },
  tool: { id: string; name: string; image?: string },
  overrides: Partial<NewQuoteRow> = {},
): Promise<QuoteRow> {
  return insertQuote(app.database.db, {
    userId: customer.userId,
    email: customer.email,
    toolId: tool.id,
    toolName: tool.name,
    toolImage: tool.image ?? '/images/tools/claw-hammer.svg',
    quantity: 250,
    neededBy: '2099-12-31',
    note: 'A quote made for the tests.',
    ...overrides,
  });
}
