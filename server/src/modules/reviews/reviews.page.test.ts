import { describe, expect } from 'vitest';
import {
  ManagedReviewListSchema,
  ManagedReviewsPageSchema,
  texts,
  type ManagedReviewsPage,
} from '@tools-factory/contract';
import type { App } from '../../app.ts';
import type { TestAccount } from '../../testing/accounts.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { createTestReview } from '../../testing/factories.ts';
import { expectError, injectAs } from '../../testing/requests.ts';
import { walkPages, withAfter } from '../../testing/walk-pages.ts';
import { selectReviewsPage } from './reviews.repository.ts';

// An app of its own: the test walks every review there is.
const it = appTest();
const { badPageCursor } = texts.reviewsAdmin;

function ask(app: App, sender: TestAccount | undefined, query: string) {
  return injectAs(app, sender, { url: `/api/manageReviews/page?${query}` });
}

async function page(app: App, admin: TestAccount, query: string): Promise<ManagedReviewsPage> {
  const response = await ask(app, admin, query);
  expect(response.statusCode, response.body).toBe(200);
  return ManagedReviewsPageSchema.parse(response.json());
}

describe('Reviews a page at a time: GET /api/manageReviews/page (issue 43)', () => {
  it('walks every review once, newest first as GET /manageReviews, hidden ones too', async ({
    app,
    admin,
  }) => {
    // Four reviews of one instant (the time ties; the id orders them) and one hidden.
    const instant = new Date('2026-04-01T09:00:00.000Z');
    for (let index = 0; index < 4; index += 1) await createTestReview(app, { createdAt: instant });
    await createTestReview(app, { hiddenAt: new Date() });
    const whole = ManagedReviewListSchema.parse(
      (await injectAs(app, admin, { url: '/api/manageReviews' })).json(),
    );

    // One a page and all on one end exactly at a page's end: that page says it is the last.
    for (const pageSize of [1, 2, whole.length]) {
      const walked = await walkPages({
        pageSize,
        fetchPage: (after) => page(app, admin, withAfter(`pageSize=${pageSize}`, after)),
        rowsOf: (found) => found.reviews,
        idOf: (review) => review._id,
      });
      expect(walked.rows, `pageSize ${pageSize}`).toEqual(whole);
      expect(walked.pages).toHaveLength(Math.ceil(whole.length / pageSize));
      for (const found of walked.pages) {
        expect(found).toMatchObject({ total: whole.length, capped: false });
      }
    }
    expect(whole.filter((review) => review.hiddenAt !== null)).toHaveLength(1);

    // Counted up to a cap (MANAGED_REVIEWS_COUNT_CAP; one fewer than there are here).
    const cap = whole.length - 1;
    const capped = await selectReviewsPage(app.database.db, { limit: 50, countCap: cap });
    expect(capped).toMatchObject({ total: cap, capped: true });
    expect(capped.rows).toHaveLength(whole.length);
    expect(
      await selectReviewsPage(app.database.db, { limit: 1, countCap: whole.length }),
    ).toMatchObject({ total: whole.length, capped: false });
  });

  it('refuses an `after` no page answered and a bad page size, in words', async ({
    app,
    admin,
  }) => {
    const id = crypto.randomUUID();
    for (const after of [
      'yesterday',
      `2026-13-45T00:00:00.000000Z_${id}`,
      `2026-06-01T08:30:00.000000Z_${id}_Named`,
    ]) {
      expectError(await ask(app, admin, `after=${after}`), 400, badPageCursor);
    }
    for (const query of ['pageSize=201', 'pageSize=0', 'pageSize=ten']) {
      const response = await ask(app, admin, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toMatch(/pageSize/);
    }
  });

  it('is for admins only', async ({ app, customer }) => {
    expect((await ask(app, undefined, '')).statusCode).toBe(401);
    expect((await ask(app, customer, '')).statusCode).toBe(403);
  });
});
