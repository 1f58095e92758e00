import type { Review } from '@tools-factory/contract';
import { QuoteIcon } from '../../../components/ui/icons';
import { Stars } from '../../../components/ui/stars';

interface ReviewCardProps {
  review: Review;
}

/** One customer's words and stars. */
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
            <span className="font-semibold">{review.name}</span>
            <Stars rating={review.rattings} />
          </span>
        </figcaption>
      </div>
    </figure>
  );
}
