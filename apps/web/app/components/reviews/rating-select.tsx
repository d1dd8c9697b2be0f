import { RATING_WORDS } from '../../lib/reviews.ts';

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * A required 1-to-5 rating picked by tapping a star: radio inputs laid over the stars (styled by
 * `.star-rating` in app.css), one named group, so it works before JavaScript, by keyboard (arrow
 * keys) and with a screen reader ("4 stars: good").
 */
export function RatingSelect({ name, label }: { name: string; label: string }) {
  return (
    <fieldset className="star-rating" data-testid={`rating-${name}`}>
      <legend className="label">{label}</legend>
      <div className="stars flex">
        {STARS.map((n) => (
          <label key={n} className="relative grid size-12 cursor-pointer place-items-center">
            <input
              type="radio"
              name={name}
              value={n}
              required
              aria-label={`${n} ${n === 1 ? 'star' : 'stars'}: ${RATING_WORDS[n].replace(/^\d: /, '')}`}
              className="absolute inset-0 m-0 cursor-pointer opacity-0"
            />
            <svg viewBox="0 0 24 24" width="36" height="36" aria-hidden="true" fill="currentColor">
              <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" />
            </svg>
          </label>
        ))}
      </div>
      <p className="chosen text-sm text-gray-700" aria-hidden="true" />
    </fieldset>
  );
}
