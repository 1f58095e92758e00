import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReviewListSchema } from '@tools-factory/contract';
import type { App } from '../../app.ts';
import { demoReviews } from '../../db/seed.ts';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { createTestReview } from '../../testing/factories.ts';

describe('GET /api/review', () => {
  let app: App;

  beforeAll(async () => {
    app = await buildTestApp({ seed: true });
  });
  afterAll(async () => {
    await app.close();
  });

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
