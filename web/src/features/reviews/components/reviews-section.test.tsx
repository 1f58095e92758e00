import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REVIEWS_PAGE_SIZE, reviewsPageOf, type Review } from '@tools-factory/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, fakeApi } from '../../../test/fake-api';
import { makeReview } from '../../../test/factories';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { ReviewsSection } from './reviews-section';

/** `count` reviews, newest first, each with its own text. */
function manyReviews(count: number): Review[] {
  return Array.from({ length: count }, (_, index) =>
    makeReview({
      _id: `5e6f7a8b-1111-4222-8333-${String(index).padStart(12, '0')}`,
      review: `Review number ${index + 1}`,
    }),
  );
}

const pageUrl = (page: number) => `/api/review/page?page=${page}&pageSize=${REVIEWS_PAGE_SIZE}`;

/** GET /api/review/page over `reviews`; `failing` pages answer 503 once each. */
function reviewsApi(reviews: Review[], failing: number[] = []) {
  const failed = new Set<number>();
  return fakeApi(({ method, url }) => {
    const page = Number(/[?&]page=(\d+)/.exec(url)?.[1]);
    if (method !== 'GET' || url !== pageUrl(page)) return undefined;
    if (failing.includes(page) && !failed.has(page)) {
      failed.add(page);
      return jsonResponse({ statusCode: 503, message: 'The shop is busy. Try again.' }, 503);
    }
    return jsonResponse(reviewsPageOf(reviews, page, REVIEWS_PAGE_SIZE));
  });
}

function shownTexts(): string[] {
  const section = screen.getByRole('region', { name: 'CUSTOMER REVIEW' });
  return within(section)
    .getAllByRole('listitem')
    .map((item) => /Review number \d+/.exec(item.textContent ?? '')?.[0] ?? '');
}

describe('ReviewsSection', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the newest page, then the next under it on Show more reviews, until all are shown', async () => {
    const reviews = manyReviews(REVIEWS_PAGE_SIZE * 2 + 2);
    const { requests } = reviewsApi(reviews);
    renderWithProviders(<ReviewsSection />);
    expect(await screen.findByText('Review number 1')).toBeInTheDocument();
    expect(shownTexts()).toEqual(reviews.slice(0, REVIEWS_PAGE_SIZE).map(({ review }) => review));
    expect(
      screen.getByText(`Showing ${REVIEWS_PAGE_SIZE} of ${reviews.length} reviews`),
    ).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Show more reviews' }));
    expect(
      await screen.findByText(`Showing ${REVIEWS_PAGE_SIZE * 2} of ${reviews.length} reviews`),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more reviews' }));
    expect(
      await screen.findByText(`Showing ${reviews.length} of ${reviews.length} reviews`),
    ).toBeInTheDocument();
    expect(shownTexts()).toEqual(reviews.map(({ review }) => review));
    expect(screen.queryByRole('button', { name: 'Show more reviews' })).not.toBeInTheDocument();
    // Each page asked once: Show more never asks again for what is shown.
    for (const page of [1, 2, 3]) expect(callsTo(requests, 'GET', pageUrl(page))).toHaveLength(1);
  });

  it('shows no count and no button when one page holds every review', async () => {
    reviewsApi(manyReviews(REVIEWS_PAGE_SIZE));
    renderWithProviders(<ReviewsSection />);
    expect(await screen.findByText(`Review number ${REVIEWS_PAGE_SIZE}`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more reviews' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Showing /)).not.toBeInTheDocument();
  });

  it('keeps the reviews shown when the next page fails, and tries again on Retry', async () => {
    const reviews = manyReviews(REVIEWS_PAGE_SIZE + 3);
    reviewsApi(reviews, [2]);
    renderWithProviders(<ReviewsSection />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Show more reviews' }));
    expect(await screen.findByText('The shop is busy. Try again.')).toBeInTheDocument();
    expect(shownTexts()).toHaveLength(REVIEWS_PAGE_SIZE);
    await user.click(screen.getByRole('button', { name: /retry/i }));
    expect(
      await screen.findByText(`Showing ${reviews.length} of ${reviews.length} reviews`),
    ).toBeInTheDocument();
    expect(shownTexts()).toEqual(reviews.map(({ review }) => review));
  });
});
