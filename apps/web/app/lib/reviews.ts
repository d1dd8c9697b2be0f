export type { RatingSummary, ReviewItem, ReviewList } from '@sf/api/types';

/** A product card's ratings: the part's own and its store's. */
export interface CardRating {
  product: { count: number; average: number | null };
  store: { count: number; average: number | null };
}

// Made once: building a DateTimeFormat costs about half a millisecond, more than a page's
// other date work; per call it was a measurable part of every product page render.
const DAY = new Intl.DateTimeFormat('en-NG', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Africa/Lagos',
});

/** '12 Nov 2026' as people in Lagos read it. */
export const day = (iso: string) => DAY.format(new Date(iso));

export const REVIEW_RATINGS = [5, 4, 3, 2, 1] as const;
export const RATING_WORDS: Record<number, string> = {
  5: '5: excellent',
  4: '4: good',
  3: '3: fair',
  2: '2: poor',
  1: '1: bad',
};

export type {
  JobReview,
  ProviderRatingSummary,
  ProviderReviewItem,
  ProviderReviewList,
} from '@sf/api/types';
