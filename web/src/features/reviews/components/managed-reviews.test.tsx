import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { texts, type ManagedReview, type ManagedReviewsPage } from '@tools-factory/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, fakeApi } from '../../../test/fake-api';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { ManagedReviews } from './managed-reviews';

const t = texts.reviewsAdmin;
const PAGE_URL = '/api/manageReviews/page';

/** Reviews 1 to `count`, newest first. */
function reviewsOf(count: number): ManagedReview[] {
  return Array.from({ length: count }, (_, index) => ({
    _id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    name: `Reviewer ${index + 1}`,
    review: `Review number ${index + 1}`,
    rattings: 4,
    verifiedBuyer: false,
    email: `reviewer-${index + 1}@example.com`,
    createdAt: '2026-12-01T09:30:00.000Z',
    hiddenAt: null,
  }));
}

/**
 * GET /api/manageReviews/page and the hiding, as the server answers them: 50 a page, `after`
 * here the id of the row before (the web never reads a cursor), counted up to `countCap`
 * (MANAGED_REVIEWS_COUNT_CAP on the server).
 */
function reviewsServer(reviews: ManagedReview[], countCap = 10_000) {
  let held = reviews;
  return fakeApi(({ method, url, body }) => {
    if (method === 'GET' && url.startsWith(PAGE_URL)) {
      const after = new URL(url, 'http://localhost').searchParams.get('after');
      const start = after ? held.findIndex((review) => review._id === after) + 1 : 0;
      const page = held.slice(start, start + 50);
      const answer: ManagedReviewsPage = {
        reviews: page,
        total: Math.min(held.length, countCap),
        capped: held.length > countCap,
        next: start + 50 < held.length ? (page.at(-1)?._id ?? null) : null,
      };
      return jsonResponse(answer);
    }
    const id = /^\/api\/manageReviews\/([^/]+)\/hidden$/.exec(url)?.[1];
    if (method === 'PUT' && id) {
      const { hidden } = body as { hidden: boolean };
      held = held.map((review) =>
        review._id === id
          ? { ...review, hiddenAt: hidden ? '2026-12-02T10:00:00.000Z' : null }
          : review,
      );
      return jsonResponse(held.find((review) => review._id === id));
    }
    return undefined;
  });
}

describe('ManagedReviews', () => {
  beforeEach(() => localStorage.setItem('accessToken', 'token-0'));
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows 50 reviews a page, newest first: Next goes on, Previous back', async () => {
    const { requests } = reviewsServer(reviewsOf(51));
    const user = userEvent.setup();
    renderWithProviders(<ManagedReviews />);
    expect(await screen.findByText('Review number 1')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(50);
    expect(screen.getByText('51 reviews')).toBeInTheDocument();
    const [first] = callsTo(requests, 'GET', PAGE_URL);
    expect(first?.headers.get('Authorization')).toBe('Bearer token-0');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Review number 51')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('navigation', { name: 'Page 2 of 2' })).toBeInTheDocument();
    expect(
      callsTo(requests, 'GET', `${PAGE_URL}?after=00000000-0000-4000-8000-000000000049`),
    ).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Review number 1')).toBeInTheDocument();
  });

  it('says "More than" and pages without a count when the count is capped (issue 43)', async () => {
    reviewsServer(reviewsOf(51), 50);
    const user = userEvent.setup();
    renderWithProviders(<ManagedReviews />);
    expect(await screen.findByText('More than 50 reviews')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Page 1' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Review number 51')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Page 2' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('hides a review, says so and asks for the page again', async () => {
    const { requests } = reviewsServer(reviewsOf(2));
    const user = userEvent.setup();
    renderWithProviders(<ManagedReviews />);
    await user.click(await screen.findByRole('button', { name: t.hideLabel('Reviewer 2') }));
    expect(await screen.findByText(t.hiddenDone)).toBeInTheDocument();
    const card = within(screen.getByText('Review number 2').closest('li')!);
    expect(await card.findByText(t.hidden)).toBeInTheDocument();
    expect(callsTo(requests, 'GET', PAGE_URL)).toHaveLength(2);
    // One page only: no pager.
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('says when there is no review yet', async () => {
    reviewsServer([]);
    renderWithProviders(<ManagedReviews />);
    expect(await screen.findByText(t.empty)).toBeInTheDocument();
  });
});
