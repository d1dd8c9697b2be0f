export type { RatingSummary, ReviewItem, ReviewList } from '@sf/api/types';

/** A product card's ratings: the part's own and its store's. */
export interface CardRating {
  product: { count: number; average: number | null };
  store: { count: number; average: number | null };
}

export { day } from './dates';

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
