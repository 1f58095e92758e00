import { homeTexts, type Review } from '@tools-factory/contract';
import { QuoteIcon } from '../../../components/ui/icons';
import { Stars } from '../../../components/ui/stars';

interface ReviewCardProps {
  review: Review;
}

/** One customer's words and stars, under the account's name ('verified buyer' when they bought). */
export function ReviewCard({ review }: ReviewCardProps) {
  const initial = review.name.trim().charAt(0).toUpperCase();
  return (
    <figure className="card bg-base-100 border-base-300 h-full w-full border shadow-sm">
      <div className="card-body gap-4">
        <QuoteIcon className="text-primary text-2xl" aria-hidden="true" />
        <blockquote className="text-base-content/80 grow leading-relaxed">
          {review.review}
        </blockquote>
        <figcaption className="flex items-center gap-3">
          <span
            className="bg-neutral text-neutral-content flex size-10 shrink-0 items-center justify-center rounded-full font-bold"
            aria-hidden="true"
          >
            {initial}
          </span>
          <span className="flex flex-col gap-1">
            <span className="flex flex-wrap items-center gap-2">
              <span className="font-semibold">{review.name}</span>
              {review.verifiedBuyer ? (
                <span className="badge badge-success badge-outline badge-sm">
                  {homeTexts.reviews.verifiedBuyer}
                </span>
              ) : null}
            </span>
            <Stars rating={review.rattings} />
          </span>
        </figcaption>
      </div>
    </figure>
  );
}
