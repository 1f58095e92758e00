import { useQueries } from '@tanstack/react-query';
import { homeTexts } from '@tools-factory/contract';
import { useState } from 'react';
import { CardGrid } from '../../../components/ui/card-grid';
import { ErrorState } from '../../../components/ui/error-state';
import { QueryBoundary } from '../../../components/ui/query-boundary';
import { Section } from '../../../components/ui/section';
import { formatCount } from '../../../lib/format';
import { ACTION_ATTRIBUTE } from '../../../lib/server-html';
import { reviewsPageQueryOptions } from '../api/get-reviews';
import { ReviewCard } from './review-card';

/** Names Show more reviews for a home page that keeps the server's markup (lib/server-html.tsx). */
const SHOW_MORE = 'show-more-reviews';

/**
 * CUSTOMER REVIEW: what buyers say, with their stars. The newest page of them first (the page's
 * own data on a server-rendered home page), and Show more reviews adds the next page under them:
 * a shop of hundreds of reviews sends a visitor the few they read. `initialPages`: how many
 * pages it shows first (2 when Show more was pressed in the server's markup).
 */
export function ReviewsSection({ initialPages = 1 }: { initialPages?: number }) {
  const [pagesShown, setPagesShown] = useState(initialPages);
  const pages = useQueries({
    queries: Array.from({ length: pagesShown }, (_, index) => reviewsPageQueryOptions(index + 1)),
  });
  const first = pages[0]!;
  const last = pages.at(-1)!;
  return (
    <Section id="reviews" title={homeTexts.home.reviewsTitle} className="bg-base-200">
      <QueryBoundary query={first}>
        {(firstPage) => {
          const reviews = pages.flatMap((page) => page.data?.reviews ?? []);
          const loaded = last.data ?? firstPage;
          const more = loaded.page < loaded.pages;
          return (
            <>
              <CardGrid items={reviews} className="md:grid-cols-2 lg:grid-cols-3">
                {(review) => <ReviewCard review={review} />}
              </CardGrid>
              {firstPage.pages > 1 ? (
                <div className="mt-6 flex flex-col items-center gap-3">
                  <p className="text-base-content/70 text-sm" aria-live="polite">
                    {homeTexts.reviews.shownOf(
                      formatCount(reviews.length),
                      formatCount(loaded.total),
                    )}
                  </p>
                  {last.isError ? (
                    <ErrorState message={last.error.message} onRetry={() => void last.refetch()} />
                  ) : more || last.isPending ? (
                    // Not disabled while the page loads: the focus stays on it.
                    <button
                      type="button"
                      className="btn btn-outline"
                      aria-busy={last.isPending || undefined}
                      onClick={() => {
                        if (!last.isPending) setPagesShown((shown) => shown + 1);
                      }}
                      {...{ [ACTION_ATTRIBUTE]: SHOW_MORE }}
                    >
                      {last.isPending ? (
                        <span className="loading loading-spinner loading-sm" aria-hidden="true" />
                      ) : null}
                      {homeTexts.reviews.showMore}
                    </button>
                  ) : null}
                </div>
              ) : null}
            </>
          );
        }}
      </QueryBoundary>
    </Section>
  );
}
