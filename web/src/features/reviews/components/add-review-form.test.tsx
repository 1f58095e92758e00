import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REVIEWS_PAGE_SIZE, type Review } from '@tools-factory/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeIdentityServer, maria } from '../../../test/identity';
import { callsTo, type ApiRequest } from '../../../test/fake-api';
import { makeReview, makeReviewsPage } from '../../../test/factories';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { AddReviewForm } from './add-review-form';
import { ReviewsSection } from './reviews-section';

const seeded = makeReview({
  _id: '5e6f7a8b-1111-4222-8333-444455556666',
  name: 'Ahmed Karim',
  verifiedBuyer: true,
  review: 'The wrenches hold up in daily use.',
});

/** The call the home page's reviews make for their first page. */
const FIRST_REVIEWS_PAGE = `/api/review/page?page=1&pageSize=${REVIEWS_PAGE_SIZE}`;

/**
 * GET /api/review/page answers the reviews held here; POST /api/review adds one (under the account's
 * name, as the server does) or answers `refusal` when one is given.
 */
function reviewsServer(refusal?: () => Response) {
  const reviews: Review[] = [seeded];
  return fakeIdentityServer({
    user: maria,
    answer: ({ method, url, body }: ApiRequest) => {
      if (method === 'GET' && url === FIRST_REVIEWS_PAGE) {
        return jsonResponse(makeReviewsPage(reviews));
      }
      if (url !== '/api/review') return undefined;
      if (method !== 'POST') return undefined;
      if (refusal) return refusal();
      const posted = body as Pick<Review, 'review' | 'rattings'>;
      const review = makeReview({
        ...posted,
        _id: '7a8b9c0d-1111-4222-8333-444455556666',
        name: maria.name,
      });
      reviews.unshift(review);
      return jsonResponse({ acknowledged: true, insertedId: review._id });
    },
  });
}

/** The form beside the home page's list, as one cache: posting must refresh the list. */
function renderForm(emailVerified = true) {
  const user = userEvent.setup();
  renderWithProviders(
    <>
      <AddReviewForm reviewerName={maria.name} emailVerified={emailVerified} />
      <ReviewsSection />
    </>,
  );
  return {
    user,
    name: screen.getByLabelText('Name'),
    review: screen.getByLabelText('Review'),
    submit: screen.getByRole('button', { name: 'Post review' }),
  };
}

describe('AddReviewForm', () => {
  beforeEach(() => {
    localStorage.setItem('accessToken', 'token-0');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("shows the account's name read-only, an empty review and 5 stars", () => {
    reviewsServer();
    const { name, review } = renderForm();
    expect(name).toHaveValue('Maria Lopez');
    expect(name).toHaveAttribute('readonly');
    expect(name).toHaveAccessibleDescription('Reviews carry the name of your account.');
    expect(
      screen.queryByText(/Please verify your e-mail before posting a review/),
    ).not.toBeInTheDocument();
    expect(review).toHaveValue('');
    expect(screen.getByRole('group', { name: 'Rating' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Rated 5 out of 5 stars' })).toBeChecked();
  });

  it('says first that an unverified e-mail must be verified before posting', () => {
    reviewsServer();
    renderForm(false);
    expect(
      screen.getByText(/Please verify your e-mail before posting a review/),
    ).toBeInTheDocument();
  });

  it('asks for the review text, and sends nothing without it', async () => {
    const { server } = reviewsServer();
    const { user, review, submit } = renderForm();
    await user.type(review, '   ');
    await user.click(submit);

    expect(await screen.findByText('review is required')).toBeInTheDocument();
    expect(review).toHaveAccessibleDescription('review is required');
    expect(callsTo(server.requests, 'POST', '/api/review')).toHaveLength(0);
  });

  it("posts the text and stars chosen by keyboard, says 'success review post', starts over and refreshes the reviews", async () => {
    const { server } = reviewsServer();
    const { user, name, review, submit } = renderForm();
    const reviews = await screen.findByRole('region', { name: 'CUSTOMER REVIEW' });
    expect(await within(reviews).findByText(seeded.review)).toBeInTheDocument();
    // A buyer's review says so.
    expect(within(reviews).getByText('verified buyer')).toBeInTheDocument();

    await user.type(review, 'Great pliers, sharp and solid.');
    // The stars by keyboard: into the group at the chosen star, then two to the left.
    await user.click(review);
    await user.tab();
    expect(screen.getByRole('radio', { name: 'Rated 5 out of 5 stars' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('radio', { name: 'Rated 3 out of 5 stars' })).toBeChecked();
    await user.click(submit);

    expect(await screen.findByText('success review post')).toBeInTheDocument();
    const [post] = callsTo(server.requests, 'POST', '/api/review');
    expect(post?.body).toEqual({
      review: 'Great pliers, sharp and solid.',
      rattings: 3,
    });
    expect(post?.headers.get('Authorization')).toBe('Bearer token-0');

    // Starts over: the account's name, no text, 5 stars.
    expect(name).toHaveValue('Maria Lopez');
    expect(review).toHaveValue('');
    expect(screen.getByRole('radio', { name: 'Rated 5 out of 5 stars' })).toBeChecked();

    // The reviews list was asked for again and shows the new review.
    expect(await within(reviews).findByText('Great pliers, sharp and solid.')).toBeInTheDocument();
    expect(callsTo(server.requests, 'GET', FIRST_REVIEWS_PAGE)).toHaveLength(2);
  });

  it('tells a refusal in words under the form (429: too many reviews), keeping what was typed', async () => {
    reviewsServer(() =>
      jsonResponse(
        {
          statusCode: 429,
          message: 'You are posting reviews too quickly. Please wait a minute and try again.',
        },
        429,
      ),
    );
    const { user, review, submit } = renderForm();
    await user.type(review, 'Another one.');
    await user.click(submit);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You are posting reviews too quickly. Please wait a minute and try again.',
    );
    expect(screen.queryByText('success review post')).not.toBeInTheDocument();
    expect(review).toHaveValue('Another one.');
  });
});
