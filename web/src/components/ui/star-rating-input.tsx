import { MAX_STARS, texts } from '@tools-factory/contract';
import { useId, useState, type Ref } from 'react';
import { FaRegStar, FaStar } from 'react-icons/fa';

interface StarRatingInputProps {
  /** What the group is called ('Rating'). */
  legend: string;
  /** The chosen number of stars, 1 to max. */
  value: number;
  onChange: (stars: number) => void;
  /** react-hook-form's field name, so the radios submit like any other field. */
  name: string;
  max?: number;
  /** The first radio: where react-hook-form sends focus when the field is refused. */
  ref?: Ref<HTMLInputElement>;
  onBlur?: () => void;
  error?: string | undefined;
}

/**
 * A star rating to choose: one native radio per star, so the browser gives the keyboard what a
 * radio group has (Tab enters at the chosen star, the arrow keys move and choose) and screen
 * readers hear 'Rated 3 out of 5 stars, 3 of 5'. The radios are visually hidden; their stars
 * show the choice and carry the focus ring.
 */
export function StarRatingInput({
  legend,
  value,
  onChange,
  name,
  max = MAX_STARS,
  ref,
  onBlur,
  error,
}: StarRatingInputProps) {
  const groupId = useId();
  const errorId = `${groupId}-error`;
  // A pointer over a star previews that rating, as people expect from star widgets.
  const [previewed, setPreviewed] = useState<number | null>(null);
  const shown = previewed ?? value;
  return (
    <fieldset
      className="flex flex-col gap-1"
      aria-describedby={error ? errorId : undefined}
      onMouseLeave={() => setPreviewed(null)}
    >
      <legend className="mb-1 text-sm font-semibold">{legend}</legend>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <div className="flex">
          {Array.from({ length: max }, (_, index) => {
            const stars = index + 1;
            const filled = stars <= shown;
            return (
              <label
                key={stars}
                className="relative cursor-pointer p-1"
                onMouseEnter={() => setPreviewed(stars)}
              >
                <input
                  ref={index === 0 ? ref : undefined}
                  type="radio"
                  name={name}
                  value={stars}
                  checked={stars === value}
                  onChange={() => onChange(stars)}
                  onBlur={onBlur}
                  className="peer sr-only"
                />
                <span className="sr-only">{texts.reviews.ratingLabel(stars, max)}</span>
                {/* The hidden radio's focus shows on its star: a keyboard user sees where they are. */}
                <span
                  aria-hidden="true"
                  data-star={filled ? 'filled' : 'empty'}
                  className="text-primary peer-focus-visible:outline-accent block rounded text-3xl peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2"
                >
                  {filled ? <FaStar /> : <FaRegStar className="opacity-70" />}
                </span>
              </label>
            );
          })}
        </div>
        <span className="text-base-content/70 text-sm" aria-hidden="true">
          {texts.reviews.ratingLabel(shown, max)}
        </span>
      </div>
      {error ? (
        <p id={errorId} className="text-error text-sm">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
