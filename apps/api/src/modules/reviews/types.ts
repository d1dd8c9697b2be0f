// The reviews' answers, derived from their response schemas.
import type { FromSchema } from 'json-schema-to-ts';
import type { listReply, reviewItem, summaryReply } from './schemas.ts';

/** One verified buyer's review, with the seller's answer. */
export type ReviewItem = FromSchema<typeof reviewItem>;
/** A page of reviews with the rating they average to. */
export type ReviewList = FromSchema<typeof listReply>;
/** Ratings of products and their stores, for cards. */
export type RatingSummary = FromSchema<typeof summaryReply>;
import type {
  jobReviewReply,
  providerListReply,
  providerReviewItem,
  providerSummaryReply,
} from './schemas.ts';

/** A requester's review of the mechanic or tow van whose offer they accepted. */
export type ProviderReviewItem = FromSchema<typeof providerReviewItem>;
/** A page of a provider's reviews with the rating they average to. */
export type ProviderReviewList = FromSchema<typeof providerListReply>;
/** A broadcast job's provider and its review (null before one). */
export type JobReview = FromSchema<typeof jobReviewReply>;
/** Ratings of providers, for lists. */
export type ProviderRatingSummary = FromSchema<typeof providerSummaryReply>;
