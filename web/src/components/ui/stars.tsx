import { homeTexts, MAX_STARS } from '@tools-factory/contract';
import { StarIcon, StarOutlineIcon } from './icons';

interface StarsProps {
  /** Whole stars, 1 to 5; anything outside is clamped. */
  rating: number;
  max?: number;
}

/** A read-only star rating: filled stars for the rating, outlined for the rest. */
export function Stars({ rating, max = MAX_STARS }: StarsProps) {
  const filled = Math.max(0, Math.min(max, Math.round(rating)));
  return (
    <span
      role="img"
      aria-label={homeTexts.reviews.ratingLabel(filled, max)}
      className="inline-flex gap-0.5 text-primary"
    >
      {Array.from({ length: max }, (_, index) =>
        index < filled ? (
          <StarIcon key={index} aria-hidden="true" data-star="filled" />
        ) : (
          <StarOutlineIcon
            key={index}
            aria-hidden="true"
            data-star="empty"
            className="opacity-60"
          />
        ),
      )}
    </span>
  );
}
