import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { use, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { BusinessSummarySection } from '../../features/about/components/business-summary-section';
import { ContactSection } from '../../features/contact/components/contact-section';
import { HeroSection } from '../../features/about/components/hero-section';
import { hasServerMarkup, lazyPart, ServerHtml } from '../../lib/server-html';
import { ToolsGrid } from '../../features/tools/components/tools-section';
import { HomeCatalog } from './home-catalog';

/*
 * The static sections (issue 27): the hydrating page keeps the server's markup of each and runs
 * none of their code (lib/server-html.tsx); each is a chunk loaded when the browser renders the
 * page itself (after a client-side navigation: the page waits for them, under the loading bar).
 * The hero stays hydrated: a few elements, and the page's heading is React's once it has taken
 * the page over (what the journeys wait for).
 */
const ReviewsSection = lazyPart(() =>
  import('../../features/reviews/components/reviews-section').then(
    (module) => module.ReviewsSection,
  ),
);
const GallerySection = lazyPart(() =>
  import('../../features/gallery/components/gallery-section').then(
    (module) => module.GallerySection,
  ),
);

/** A promise with the fields React's `use` reads: settled, it no longer suspends. */
type Tracked = Promise<unknown> & { status?: 'fulfilled'; value?: unknown };
let staticSections: Tracked | undefined;

/**
 * The static sections' chunks (and the tool cards'), once; asked again after a failure. Once
 * loaded, a page rendered here renders at once (React's `use` reads the promise's status).
 */
export function loadStaticSections(): Promise<unknown> {
  if (!staticSections) {
    const loading: Tracked = Promise.all([
      ReviewsSection.load(),
      GallerySection.load(),
      ToolsGrid.load(),
    ]);
    staticSections = loading;
    loading.then(
      (value) => {
        loading.status = 'fulfilled';
        loading.value = value;
      },
      () => {
        if (staticSections === loading) staticSections = undefined;
      },
    );
  }
  return staticSections;
}

/**
 * A link such as /#reviews is scrolled to by the router at once, while the sections above it still
 * show spinners; once their data is in, the section has moved down. Scroll to it again then.
 */
function useScrollToHashOnceSettled() {
  const { hash, key } = useLocation();
  const queryClient = useQueryClient();
  // Re-runs the effect whenever a fetch starts or ends; the effect then asks the live count,
  // because on the first render the sections' fetches have not started yet.
  const fetching = useIsFetching();
  const settledFor = useRef<string | null>(null);
  useEffect(() => {
    if (!hash || settledFor.current === key || queryClient.isFetching() > 0) return;
    settledFor.current = key;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash, key, fetching, queryClient]);
}

/** / and /home: the sections in SPEC.md's order (the footer comes with the shell). */
export default function HomePage() {
  const [hydrating] = useState(() => hasServerMarkup('reviews'));
  // The server's reviews are kept until Show more reviews asks for the next page.
  const [moreReviews, setMoreReviews] = useState(false);
  // Rendered here, not hydrated: every section at once (a /#reviews link finds its section).
  if (!hydrating) use(loadStaticSections());
  useScrollToHashOnceSettled();
  return (
    <>
      <HeroSection />
      <HomeCatalog />
      <ServerHtml
        id="reviews"
        load={ReviewsSection.load}
        keep={!moreReviews}
        onAction={() => setMoreReviews(true)}
      >
        <ReviewsSection initialPages={moreReviews ? 2 : 1} />
      </ServerHtml>
      <ServerHtml id="gallery" load={GallerySection.load}>
        <GallerySection />
      </ServerHtml>
      <BusinessSummarySection />
      <ContactSection />
    </>
  );
}
