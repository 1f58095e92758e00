import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  CreateReviewResponseSchema,
  ErrorBodySchema,
  ReviewListSchema,
  texts,
  type Review,
} from '@tools-factory/contract';
import { demoReviews } from '../seed.ts';
import { bearer, signUpTestAccount, type TestAccount } from '../../testing/accounts.ts';
import { useTestAccount, useTestApp } from '../../testing/use-test-app.ts';
import { injectAs } from '../../testing/requests.ts';
import { createTestReview } from '../../testing/factories.ts';
import { REVIEWS_PER_MINUTE } from './reviews.routes.ts';
import { reviews } from './reviews.table.ts';

describe('GET /api/review', () => {
  const app = useTestApp({ seed: true });

  it('lists the reviews in the contract shape (rattings, as the spec spells it)', async () => {
    const response = await app.inject('/api/review');
    expect(response.statusCode).toBe(200);
    const reviews = ReviewListSchema.parse(response.json());
    expect(reviews).toHaveLength(demoReviews.length);
    expect(Object.keys(reviews[0]!).sort()).toEqual(['_id', 'email', 'name', 'rattings', 'review']);
    for (const review of reviews) expect(review.rattings).toBeGreaterThanOrEqual(3);
  });

  it('lists the newest review first', async () => {
    const newest = await createTestReview(app, { name: 'Newest Customer', rating: 4 });
    const reviews = ReviewListSchema.parse((await app.inject('/api/review')).json());
    expect(reviews[0]).toEqual({
      _id: newest.id,
      name: 'Newest Customer',
      email: newest.email,
      review: newest.review,
      rattings: 4,
    });
    expect(reviews[1]?.name).toBe(demoReviews[0].name);
  });
});

describe('POST /api/review', () => {
  const app = useTestApp();
  const customer = useTestAccount(app, { name: 'Ada Customer' });

  const validBody = { name: 'Ada from Forge Hardware', review: 'Hammers that last.', rattings: 4 };

  function postReview(account: TestAccount | undefined, payload: Record<string, unknown>) {
    return injectAs(app, account, {
      method: 'POST',
      url: '/api/review',
      payload,
    });
  }

  async function listedReviews(): Promise<Review[]> {
    const response = await app.inject('/api/review');
    expect(response.statusCode).toBe(200);
    return ReviewListSchema.parse(response.json());
  }

  async function storedReviewsOf(userId: string): Promise<number> {
    const [row] = await app.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(reviews)
      .where(eq(reviews.userId, userId));
    return row?.count ?? 0;
  }

  /** A new account for each test that posts, so the per-account rate limit stays out of the way. */
  const newReviewer = () => signUpTestAccount(app, { name: 'Reviewer' });

  it("answers the insert result; the review shows in GET /api/review at once, under the account's e-mail", async () => {
    const response = await postReview(customer, {
      ...validBody,
      // Someone else's address in the body is not used.
      email: 'somebody-else@example.com',
    });
    expect(response.statusCode).toBe(200);
    const result = CreateReviewResponseSchema.parse(response.json());
    expect(result.acknowledged).toBe(true);

    const [newest] = await listedReviews();
    expect(newest).toEqual({
      _id: result.insertedId,
      name: validBody.name,
      email: customer.email,
      review: validBody.review,
      rattings: 4,
    });
  });

  it('keeps the rating a whole number from 1 to 5; "5" is 5 and a missing rating is 5', async () => {
    const reviewer = await newReviewer();
    const refusals: [unknown, string][] = [
      [0, texts.fieldErrors.tooSmall('rating', 1)],
      [6, texts.fieldErrors.tooLarge('rating', 5)],
      [2.5, texts.fieldErrors.notWhole('rating')],
      [-1, texts.fieldErrors.tooSmall('rating', 1)],
      ['five', texts.fieldErrors.notANumber('rating')],
      [[5], texts.fieldErrors.notANumber('rating')],
    ];
    for (const [rattings, message] of refusals) {
      const response = await postReview(reviewer, { ...validBody, rattings });
      expect(response.statusCode, JSON.stringify(rattings)).toBe(400);
      expect(ErrorBodySchema.parse(response.json())).toEqual({ statusCode: 400, message });
    }
    expect(await storedReviewsOf(reviewer.userId)).toBe(0);

    const asText = await postReview(reviewer, { ...validBody, rattings: '5' });
    expect(asText.statusCode).toBe(200);
    const { rattings: _rattings, ...unrated } = validBody;
    const missing = await postReview(reviewer, unrated);
    expect(missing.statusCode).toBe(200);

    const ratings = new Map((await listedReviews()).map((review) => [review._id, review.rattings]));
    expect(ratings.get(CreateReviewResponseSchema.parse(asText.json()).insertedId)).toBe(5);
    expect(ratings.get(CreateReviewResponseSchema.parse(missing.json()).insertedId)).toBe(5);
  });

  it('refuses a missing or blank name or text with the field’s message, and stores nothing', async () => {
    const reviewer = await newReviewer();
    const { name: _name, ...withoutName } = validBody;
    const { review: _review, ...withoutReview } = validBody;
    const cases: [Record<string, unknown>, string][] = [
      [withoutName, texts.fieldErrors.required('name')],
      [{ ...validBody, name: '   ' }, texts.fieldErrors.required('name')],
      [withoutReview, texts.fieldErrors.required('review')],
      [{ ...validBody, review: '' }, texts.fieldErrors.required('review')],
      [{ ...validBody, review: 'x'.repeat(2001) }, texts.fieldErrors.tooLong('review', 2000)],
      [{ ...validBody, name: 'Ada\u0000' }, texts.fieldErrors.nulCharacter('name')],
    ];
    for (const [payload, message] of cases) {
      const response = await postReview(reviewer, payload);
      expect(response.statusCode, message).toBe(400);
      expect(ErrorBodySchema.parse(response.json()).message).toBe(message);
    }
    expect(await storedReviewsOf(reviewer.userId)).toBe(0);
  });

  it('answers 401 without a valid bearer token, and stores nothing', async () => {
    const before = (await listedReviews()).length;
    const anonymous = await postReview(undefined, validBody);
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
    expect(await listedReviews()).toHaveLength(before);
  });

  it(`lets one account post ${REVIEWS_PER_MINUTE} reviews a minute; the next gets 429, another account does not`, async () => {
    const busy = await newReviewer();
    for (let n = 0; n < REVIEWS_PER_MINUTE; n += 1) {
      expect((await postReview(busy, { ...validBody, review: `Review ${n}` })).statusCode).toBe(
        200,
      );
    }
    const flooding = await postReview(busy, validBody);
    expect(flooding.statusCode).toBe(429);
    expect(flooding.json()).toEqual({ statusCode: 429, message: texts.reviews.tooManyReviews });
    expect(flooding.headers['retry-after']).toBeDefined();
    expect(await storedReviewsOf(busy.userId)).toBe(REVIEWS_PER_MINUTE);

    const other = await newReviewer();
    expect((await postReview(other, validBody)).statusCode).toBe(200);
  });
});
