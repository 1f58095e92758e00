import { texts } from '@tools-factory/contract';
import { ErrorState } from '../../../components/ui/error-state';
import { Section } from '../../../components/ui/section';
import { Spinner } from '../../../components/ui/spinner';
import { useReviews } from '../api/get-reviews';
import { ReviewCard } from './review-card';

/** CUSTOMER REVIEW: what buyers say, with their stars. */
export function ReviewsSection() {
  const reviews = useReviews();
  return (
    <Section id="reviews" title={texts.home.reviewsTitle} className="bg-base-200">
      {reviews.isPending ? (
        <Spinner />
      ) : reviews.isError ? (
        <ErrorState message={reviews.error.message} onRetry={() => void reviews.refetch()} />
      ) : (
        <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
          {reviews.data.map((review) => (
            <li key={review._id} className="flex">
              <ReviewCard review={review} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
