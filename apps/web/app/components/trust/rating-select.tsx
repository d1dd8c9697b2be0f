import { RATING_WORDS, REVIEW_RATINGS } from '../../lib/reviews.ts';

/** A required 1-to-5 rating as a plain select (works before JavaScript). */
export function RatingSelect({ name, label }: { name: string; label: string }) {
  return (
    <div>
      <label htmlFor={`f-${name}`} className="label">
        {label}
      </label>
      <select id={`f-${name}`} name={name} className="input" defaultValue="" required>
        <option value="" disabled>
          Choose 1 to 5
        </option>
        {REVIEW_RATINGS.map((n) => (
          <option key={n} value={n}>
            {RATING_WORDS[n]}
          </option>
        ))}
      </select>
    </div>
  );
}
