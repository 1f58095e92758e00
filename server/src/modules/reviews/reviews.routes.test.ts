import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import {
  CreateReviewResponseSchema,
  ErrorBodySchema,
  ManagedReviewListSchema,
  ManagedReviewSchema,
  PlaceOrderResponseSchema,
  ReviewListSchema,
  REVIEWS_MAX_PAGE_SIZE,
  REVIEWS_PAGE_SIZE,
  ReviewsPageSchema,
  texts,
  type Review,
} from '@tools-factory/contract';
import { demoReviews } from '../seed.ts';
import { bearer, signUpTestAccount, type TestAccount } from '../../testing/accounts.ts';
import type { App } from '../../app.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { expectError, injectAs, postAs, postOrder } from '../../testing/requests.ts';
import { createTestReview, createTestTool } from '../../testing/factories.ts';
import { payOrder } from '../../testing/payments.ts';
import { UNCAPPED_ORDERS } from '../../testing/test-config.ts';
import { ensureEmailVerified, signUpVerifiedAccount } from '../../testing/verified-accounts.ts';
import { REVIEWS_PER_MINUTE } from './reviews.routes.ts';
import { reviews } from './reviews.table.ts';

const seededTest = appTest({ seed: true });
const postingTest = appTest({ config: UNCAPPED_ORDERS, customerName: 'Ada Customer' });
const hidingTest = appTest({ adminName: 'Review Admin', customerName: 'Plain Customer' }).extend(
  'review',
  { scope: 'file' },
  ({ app }) => createTestReview(app, { name: 'Loud Reviewer', email: 'loud@example.com' }),
);

describe('GET /api/review', () => {
  seededTest(
    'lists the reviews in the contract shape (rattings, as the spec spells it)',
    async ({ app }) => {
      const response = await app.inject('/api/review');
      expect(response.statusCode).toBe(200);
      const reviews = ReviewListSchema.parse(response.json());
      expect(reviews).toHaveLength(demoReviews.length);
      expect(Object.keys(reviews[0]!).sort()).toEqual([
        '_id',
        'name',
        'rattings',
        'review',
        'verifiedBuyer',
      ]);
      for (const review of reviews) expect(review.rattings).toBeGreaterThanOrEqual(3);
    },
  );

  seededTest('lists the newest review first', async ({ app }) => {
    const newest = await createTestReview(app, { name: 'Newest Customer', rating: 4 });
    const reviews = ReviewListSchema.parse((await app.inject('/api/review')).json());
    expect(reviews[0]).toEqual({
      _id: newest.id,
      name: 'Newest Customer',
      review: newest.review,
      rattings: 4,
      verifiedBuyer: false,
    });
    expect(reviews[1]?.name).toBe(demoReviews[0]?.name);
  });
});

describe('GET /api/review/page', () => {
  seededTest(
    "pages GET /api/review's list, newest first, and says how many there are",
    async ({ app }) => {
      for (let index = 0; index < 4; index += 1) await createTestReview(app);
      const every = ReviewListSchema.parse((await app.inject('/api/review')).json());
      const pageSize = 3;
      const pages = Math.ceil(every.length / pageSize);
      const walked: Review[] = [];
      for (let page = 1; page <= pages; page += 1) {
        const response = await app.inject(`/api/review/page?page=${page}&pageSize=${pageSize}`);
        expect(response.statusCode).toBe(200);
        const answer = ReviewsPageSchema.parse(response.json());
        expect(answer).toMatchObject({ page, pageSize, total: every.length, pages });
        expect(answer.reviews.length).toBe(page < pages ? pageSize : every.length - walked.length);
        walked.push(...answer.reviews);
      }
      expect(walked).toEqual(every);
      // Past the last page: empty, with the same counts.
      const past = ReviewsPageSchema.parse(
        (await app.inject(`/api/review/page?page=${pages + 1}&pageSize=${pageSize}`)).json(),
      );
      expect(past).toMatchObject({ reviews: [], total: every.length, pages });
      // Without a query: the first page of REVIEWS_PAGE_SIZE, what the home page shows.
      const first = ReviewsPageSchema.parse((await app.inject('/api/review/page')).json());
      expect(first.reviews).toEqual(every.slice(0, REVIEWS_PAGE_SIZE));
      expect(first.pageSize).toBe(REVIEWS_PAGE_SIZE);
    },
  );

  seededTest('refuses a page or a page size that is not one, in words', async ({ app }) => {
    for (const query of ['page=0', 'page=two', 'page=1.5', 'pageSize=0', 'pageSize=101']) {
      const response = await app.inject(`/api/review/page?${query}`);
      expect(response.statusCode, query).toBe(400);
      const { message } = ErrorBodySchema.parse(response.json());
      expect(message, query).toMatch(/page/i);
    }
  });

  seededTest('leaves out the reviews an admin hid, as GET /api/review does', async ({ app }) => {
    const hidden = await createTestReview(app, { hiddenAt: new Date() });
    const first = ReviewsPageSchema.parse(
      (await app.inject(`/api/review/page?pageSize=${REVIEWS_MAX_PAGE_SIZE}`)).json(),
    );
    expect(first.reviews.map(({ _id }) => _id)).not.toContain(hidden.id);
    expect(first.total).toBe(
      ReviewListSchema.parse((await app.inject('/api/review')).json()).length,
    );
  });
});

describe('POST /api/review', () => {
  postingTest.beforeAll(({ app, customer }) => ensureEmailVerified(app, customer));

  const validBody = { name: 'Ada from Forge Hardware', review: 'Hammers that last.', rattings: 4 };

  const postReview = (app: App, account: TestAccount | undefined, payload: object) =>
    postAs(app, account, '/api/review', payload);

  async function listedReviews(app: App): Promise<Review[]> {
    const response = await app.inject('/api/review');
    expect(response.statusCode).toBe(200);
    return ReviewListSchema.parse(response.json());
  }

  const storedReviewsOf = (app: App, userId: string): Promise<number> =>
    app.database.db.$count(reviews, eq(reviews.userId, userId));

  /**
   * A new account (e-mail verified) for each test that posts, so the per-account rate limit
   * stays out of the way.
   */
  const newReviewer = (app: App) => signUpVerifiedAccount(app, { name: 'Reviewer' });

  postingTest(
    "answers the insert result; the review shows in GET /api/review at once, under the account's name",
    async ({ app, customer }) => {
      const response = await postReview(app, customer, {
        ...validBody,
        // Someone else's name and address in the body are not used.
        email: 'somebody-else@example.com',
      });
      expect(response.statusCode).toBe(200);
      const result = CreateReviewResponseSchema.parse(response.json());
      expect(result.acknowledged).toBe(true);

      const [newest] = await listedReviews(app);
      expect(newest).toEqual({
        _id: result.insertedId,
        name: 'Ada Customer',
        review: validBody.review,
        rattings: 4,
        verifiedBuyer: false,
      });
      const [stored] = await app.database.db
        .select({ name: reviews.name, email: reviews.email })
        .from(reviews)
        .where(eq(reviews.id, result.insertedId));
      expect(stored).toEqual({ name: 'Ada Customer', email: customer.email });
    },
  );

  postingTest(
    'takes the name from the account whatever the body holds: none, blank, a number',
    async ({ app }) => {
      const reviewer = await newReviewer(app);
      const { name: _name, ...withoutName } = validBody;
      for (const payload of [
        withoutName,
        { ...validBody, name: '   ' },
        { ...validBody, name: 5 },
      ]) {
        const response = await postReview(app, reviewer, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(200);
        const { insertedId } = CreateReviewResponseSchema.parse(response.json());
        const shown = (await listedReviews(app)).find((review) => review._id === insertedId);
        expect(shown?.name).toBe('Reviewer');
      }
    },
  );

  postingTest(
    'refuses an account whose e-mail is not verified with 403 in words, and stores nothing',
    async ({ app }) => {
      const unverified = await signUpTestAccount(app, { name: 'Unverified Reviewer' });
      const response = await postReview(app, unverified, validBody);
      expectError(response, 403, texts.reviews.verifyEmailFirst);
      expect(await storedReviewsOf(app, unverified.userId)).toBe(0);
    },
  );

  postingTest(
    "says 'verified buyer' of a reviewer with a paid order, and of nobody else",
    async ({ app }) => {
      const tool = await createTestTool(app, { minOrderQuantity: 1, availableQuantity: 100 });
      const buyer = await newReviewer(app);
      const placed = await postOrder(app, buyer, tool, { quantity: 2 });
      expect(placed.statusCode, placed.body).toBe(200);
      await payOrder(app, buyer, PlaceOrderResponseSchema.parse(placed.json()).order);
      const browser = await newReviewer(app);
      // Placed but never paid: not a buyer.
      expect((await postOrder(app, browser, tool, { quantity: 2 })).statusCode).toBe(200);

      const bought = await postReview(app, buyer, validBody);
      const browsed = await postReview(app, browser, validBody);
      const shown = new Map((await listedReviews(app)).map((review) => [review._id, review]));
      const boughtId = CreateReviewResponseSchema.parse(bought.json()).insertedId;
      const browsedId = CreateReviewResponseSchema.parse(browsed.json()).insertedId;
      expect(shown.get(boughtId)?.verifiedBuyer).toBe(true);
      expect(shown.get(browsedId)?.verifiedBuyer).toBe(false);
    },
  );

  postingTest(
    'keeps the rating a whole number from 1 to 5; "5" is 5 and a missing rating is 5',
    async ({ app }) => {
      const reviewer = await newReviewer(app);
      const refusals: [unknown, string][] = [
        [0, texts.fieldErrors.tooSmall('rating', 1)],
        [6, texts.fieldErrors.tooLarge('rating', 5)],
        [2.5, texts.fieldErrors.notWhole('rating')],
        [-1, texts.fieldErrors.tooSmall('rating', 1)],
        ['five', texts.fieldErrors.notANumber('rating')],
        [[5], texts.fieldErrors.notANumber('rating')],
      ];
      for (const [rattings, message] of refusals) {
        const response = await postReview(app, reviewer, { ...validBody, rattings });
        expect(response.statusCode, JSON.stringify(rattings)).toBe(400);
        expect(ErrorBodySchema.parse(response.json())).toEqual({ statusCode: 400, message });
      }
      expect(await storedReviewsOf(app, reviewer.userId)).toBe(0);

      const asText = await postReview(app, reviewer, { ...validBody, rattings: '5' });
      expect(asText.statusCode).toBe(200);
      const { rattings: _rattings, ...unrated } = validBody;
      const missing = await postReview(app, reviewer, unrated);
      expect(missing.statusCode).toBe(200);

      const ratings = new Map(
        (await listedReviews(app)).map((review) => [review._id, review.rattings]),
      );
      expect(ratings.get(CreateReviewResponseSchema.parse(asText.json()).insertedId)).toBe(5);
      expect(ratings.get(CreateReviewResponseSchema.parse(missing.json()).insertedId)).toBe(5);
    },
  );

  postingTest(
    'refuses a missing or blank text with the field’s message, and stores nothing',
    async ({ app }) => {
      const reviewer = await newReviewer(app);
      const { review: _review, ...withoutReview } = validBody;
      const cases: [Record<string, unknown>, string][] = [
        [withoutReview, texts.fieldErrors.required('review')],
        [{ ...validBody, review: '' }, texts.fieldErrors.required('review')],
        [{ ...validBody, review: 'x'.repeat(2001) }, texts.fieldErrors.tooLong('review', 2000)],
        [{ ...validBody, review: 'Good\u0000' }, texts.fieldErrors.nulCharacter('review')],
      ];
      for (const [payload, message] of cases) {
        const response = await postReview(app, reviewer, payload);
        expect(response.statusCode, message).toBe(400);
        expect(ErrorBodySchema.parse(response.json()).message).toBe(message);
      }
      expect(await storedReviewsOf(app, reviewer.userId)).toBe(0);
    },
  );

  postingTest('answers 401 without a valid bearer token, and stores nothing', async ({ app }) => {
    const before = (await listedReviews(app)).length;
    const anonymous = await postReview(app, undefined, validBody);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({
      statusCode: 401,
      message: texts.identityErrors.notSignedIn,
    });
    const forged = await app.inject({
      method: 'POST',
      url: '/api/review',
      headers: bearer('not-a-token'),
      payload: validBody,
    });
    expect(forged.statusCode).toBe(401);
    expect(await listedReviews(app)).toHaveLength(before);
  });

  postingTest(
    `lets one account post ${REVIEWS_PER_MINUTE} reviews a minute; the next gets 429, another account does not`,
    async ({ app }) => {
      const busy = await newReviewer(app);
      for (let n = 0; n < REVIEWS_PER_MINUTE; n += 1) {
        expect(
          (await postReview(app, busy, { ...validBody, review: `Review ${n}` })).statusCode,
        ).toBe(200);
      }
      const flooding = await postReview(app, busy, validBody);
      expect(flooding.statusCode).toBe(429);
      expect(flooding.json()).toEqual({ statusCode: 429, message: texts.reviews.tooManyReviews });
      expect(flooding.headers['retry-after']).toBeDefined();
      expect(await storedReviewsOf(app, busy.userId)).toBe(REVIEWS_PER_MINUTE);

      const other = await newReviewer(app);
      expect((await postReview(app, other, validBody)).statusCode).toBe(200);
    },
  );
});

describe('hiding a review: GET /api/manageReviews, PUT /api/manageReviews/{id}/hidden', () => {
  const publicIds = async (app: App) =>
    ReviewListSchema.parse((await app.inject('/api/review')).json()).map((shown) => shown._id);
  const setHidden = (app: App, account: TestAccount | undefined, id: string, hidden: unknown) =>
    injectAs(app, account, {
      method: 'PUT',
      url: `/api/manageReviews/${id}/hidden`,
      payload: { hidden },
    });

  hidingTest(
    "lists every review for admins with its author's e-mail, and hides and shows one at once",
    async ({ app, admin, review }) => {
      const listed = ManagedReviewListSchema.parse(
        (await injectAs(app, admin, { url: '/api/manageReviews' })).json(),
      );
      expect(listed.find((row) => row._id === review.id)).toMatchObject({
        name: 'Loud Reviewer',
        email: 'loud@example.com',
        hiddenAt: null,
      });

      const hidden = await setHidden(app, admin, review.id, true);
      expect(hidden.statusCode, hidden.body).toBe(200);
      expect(ManagedReviewSchema.parse(hidden.json()).hiddenAt).not.toBeNull();
      // Out of the public list (the catalog snapshot was rebuilt before the answer) ...
      expect(await publicIds(app)).not.toContain(review.id);
      // ... still in the admins' list, marked.
      const afterHiding = ManagedReviewListSchema.parse(
        (await injectAs(app, admin, { url: '/api/manageReviews' })).json(),
      );
      expect(afterHiding.find((row) => row._id === review.id)?.hiddenAt).not.toBeNull();

      const shown = await setHidden(app, admin, review.id, false);
      expect(shown.statusCode).toBe(200);
      expect(ManagedReviewSchema.parse(shown.json()).hiddenAt).toBeNull();
      expect(await publicIds(app)).toContain(review.id);
    },
  );

  hidingTest(
    'answers 404 for an unknown or malformed id, 400 without a true or false',
    async ({ app, admin, review }) => {
      expectError(
        await setHidden(app, admin, '00000000-0000-4000-8000-000000000000', true),
        404,
        texts.reviewsAdmin.reviewNotFound,
      );
      expectError(
        await setHidden(app, admin, 'not-an-id', true),
        404,
        texts.reviewsAdmin.reviewNotFound,
      );
      expect((await setHidden(app, admin, review.id, 'yes')).statusCode).toBe(400);
      expect(await publicIds(app)).toContain(review.id);
    },
  );

  hidingTest(
    'refuses customers (403) and anonymous callers (401)',
    async ({ app, customer, review }) => {
      expect((await injectAs(app, customer, { url: '/api/manageReviews' })).statusCode).toBe(403);
      expect((await setHidden(app, customer, review.id, true)).statusCode).toBe(403);
      expect((await setHidden(app, undefined, review.id, true)).statusCode).toBe(401);
      expect(await publicIds(app)).toContain(review.id);
    },
  );
});
