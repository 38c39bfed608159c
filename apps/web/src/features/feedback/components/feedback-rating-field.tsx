import { useId } from 'react';

const RATING_WORDS = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

/** Five stars as radio buttons ('3 of 5, Good'); the chosen one and those before it light up. */
export function FeedbackRatingField({
  rating,
  onRate,
}: {
  rating: number | null;
  onRate: (rating: number) => void;
}) {
  const name = useId();
  return (
    <fieldset className="feedback__rating">
      <legend className="field__label">Your rating</legend>
      <div className="feedback__stars">
        {RATING_WORDS.map((word, index) => {
          const value = index + 1;
          return (
            <label
              key={value}
              className={`feedback__star${rating !== null && value <= rating ? ' feedback__star--on' : ''}`}
            >
              <input
                type="radio"
                name={`${name}-rating`}
                className="sr-only"
                aria-label={`${value} of 5, ${word}`}
                value={value}
                checked={rating === value}
                onChange={() => onRate(value)}
              />
              <span aria-hidden="true">★</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
