import { screen, waitFor, within } from '@testing-library/react';
import { REVIEWS_PAGE_SIZE } from '@tools-factory/contract';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { makeGalleryItem, makeReview, makeReviewsPage, makeTool } from '../../test/factories';
import { jsonResponse, renderWithProviders } from '../../test/render';
import HomePage, { loadStaticSections } from './home-page';

const tools = [
  makeTool({ _id: '0d8a3f4e-5b6c-4d7e-8f90-a1b2c3d4e5f6', desc: 'Forged steel head.' }),
  makeTool({
    _id: '1e9b4a5f-6c7d-4e8f-9a01-b2c3d4e5f6a7',
    name: 'Hand Saw',
    img: '/images/tools/hand-saw.svg',
    price: 18,
    desc: 'Hardened teeth.',
    minOrderQuantity: 50,
    availableQuantity: 2000,
  }),
];

const reviews = [makeReview()];

const gallery = Array.from({ length: 6 }, (_, index) =>
  makeGalleryItem({
    _id: `3abd6c71-8e9f-4a01-9c23-d4e5f6a7b8c${index}`,
    img: `/images/gallery/${index + 1}.svg`,
    desc: `Workshop picture number ${index + 1}, taken on the forge floor at dawn.`,
  }),
);

/** The call the reviews section makes for its first page. */
const FIRST_REVIEWS_PAGE = `/api/review/page?page=1&pageSize=${REVIEWS_PAGE_SIZE}`;

const answers: Record<string, unknown> = {
  '/api/parts': tools,
  [FIRST_REVIEWS_PAGE]: makeReviewsPage(reviews),
  '/api/gallery': gallery,
};

/** Everything is in view at once, so the counters start as soon as they mount. */
class AlwaysIntersecting {
  private readonly callback: IntersectionObserverCallback;
  constructor(callback: IntersectionObserverCallback) {
    this.callback = callback;
  }
  observe(target: Element) {
    const entry = { isIntersecting: true, target } as IntersectionObserverEntry;
    this.callback([entry], this as unknown as IntersectionObserver);
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

/** A fetch for our own API that answers only when `release` is called. */
function holdFetch() {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const { fetchMock } = fakeApi(async ({ url }) => {
    await released;
    return url in answers ? jsonResponse(answers[url]) : undefined;
  });
  return { fetchMock, release };
}

describe('HomePage', () => {
  // The static sections are chunks of their own: in the app they arrive with the page's chunk.
  beforeAll(async () => {
    await loadStaticSections();
  });
  beforeEach(() => {
    vi.unstubAllGlobals();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('renders the sections in the order of the spec', () => {
    const { release } = holdFetch();
    renderWithProviders(<HomePage />);
    const headings = screen
      .getAllByRole('heading', { level: 1 })
      .concat(screen.getAllByRole('heading', { level: 2 }))
      .map((heading) => heading.textContent);
    expect(headings).toEqual([
      'Welcome to Tools Factory',
      'OUR TOOLS',
      'CUSTOMER REVIEW',
      'VISIT OUR MANUFACTURER HOUSE',
      'BUISNESS SUMMERY',
      'CONTUCT US',
    ]);
    release();
  });

  it('shows a spinner while tools, reviews and gallery load, then their data', async () => {
    const { fetchMock, release } = holdFetch();
    renderWithProviders(<HomePage />);

    const toolsSection = screen.getByRole('region', { name: 'OUR TOOLS' });
    const reviewsSection = screen.getByRole('region', { name: 'CUSTOMER REVIEW' });
    expect(within(toolsSection).getByRole('status')).toHaveTextContent('Loading');
    expect(within(reviewsSection).getByRole('status')).toHaveTextContent('Loading');

    release();

    expect(
      await within(toolsSection).findByRole('heading', { name: 'Claw Hammer' }),
    ).toBeInTheDocument();
    expect(within(toolsSection).getByRole('heading', { name: 'Hand Saw' })).toBeInTheDocument();
    expect(within(toolsSection).getAllByRole('link', { name: 'Purchase' })).toHaveLength(2);
    // The spinner is gone; the status now counts the tools shown.
    expect(within(toolsSection).getByRole('status')).toHaveTextContent('2 tools');

    expect(await within(reviewsSection).findByText('Great hammers, on time.')).toBeInTheDocument();
    expect(
      within(reviewsSection).getByRole('img', { name: 'Rated 4 out of 5 stars' }),
    ).toBeInTheDocument();

    const gallerySection = screen.getByRole('region', { name: 'VISIT OUR MANUFACTURER HOUSE' });
    await waitFor(() =>
      expect(
        within(gallerySection).getAllByRole('heading', { name: 'New album is released!' }),
      ).toHaveLength(6),
    );
    expect(
      within(gallerySection).getByText(`${gallery[0]!.desc.slice(0, 35)}\u2026`),
    ).toBeInTheDocument();

    const urls = fetchMock.mock.calls.map(([input]) => String(input));
    expect(urls).toEqual(
      expect.arrayContaining(['/api/parts', FIRST_REVIEWS_PAGE, '/api/gallery']),
    );
  });

  it('counts the business summary up to 400, 2000, 750 and 350 once it is seen', async () => {
    vi.stubGlobal('IntersectionObserver', AlwaysIntersecting);
    const { release } = holdFetch();
    renderWithProviders(<HomePage />);
    const summary = screen.getByRole('region', { name: 'BUISNESS SUMMERY' });
    const figures = [
      ['New Customer', '400'],
      ['Complete Order', '2000'],
      ['Clients', '750'],
      ['Reviews', '350'],
    ] as const;
    for (const [label, figure] of figures) {
      const item = within(summary).getByText(label).closest('li')!;
      expect(item.querySelector('svg')).not.toBeNull();
      await waitFor(() => expect(item).toHaveTextContent(figure), { timeout: 5000 });
    }
    release();
  });

  it('offers the contact form with labelled Your Name and Email, and Send does not leave the page', () => {
    const { release } = holdFetch();
    renderWithProviders(<HomePage />);
    const contact = screen.getByRole('region', { name: 'CONTUCT US' });
    expect(within(contact).getByLabelText('Your Name')).toHaveAttribute('type', 'text');
    expect(within(contact).getByLabelText('Email')).toHaveAttribute('type', 'email');
    const form = within(contact).getByRole('button', { name: 'Send' }).closest('form')!;
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    release();
  });

  it('shows a readable error when the tools cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ message: 'The catalog is resting', statusCode: 503 }, 503)),
    );
    renderWithProviders(<HomePage />);
    const toolsSection = screen.getByRole('region', { name: 'OUR TOOLS' });
    const alert = await within(toolsSection).findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong. Please try again.');
    expect(alert).toHaveTextContent('The catalog is resting');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('scrolls to the section named by the link (/#reviews) once the sections above have loaded', async () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    const { release } = holdFetch();
    renderWithProviders(<HomePage />, { route: '/#reviews' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(scrollIntoView).not.toHaveBeenCalled();

    release();
    await waitFor(() => expect(scrollIntoView).toHaveBeenCalledOnce());
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('reviews'));
  });
});
