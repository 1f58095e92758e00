import { homeTexts } from '@tools-factory/contract';
import { CardGrid } from '../../../components/ui/card-grid';
import { QueryBoundary } from '../../../components/ui/query-boundary';
import { Section } from '../../../components/ui/section';
import { useReviews } from '../api/get-reviews';
import { ReviewCard } from './review-card';

/** CUSTOMER REVIEW: what buyers say, with their stars. */
export function ReviewsSection() {
  const reviews = useReviews();
  return (
    <Section id="reviews" title={homeTexts.home.reviewsTitle} className="bg-base-200">
      <QueryBoundary query={reviews}>
        {(items) => (
          <CardGrid items={items} className="md:grid-cols-2 lg:grid-cols-3">
            {(review) => <ReviewCard review={review} />}
          </CardGrid>
        )}
      </QueryBoundary>
    </Section>
  );
}
