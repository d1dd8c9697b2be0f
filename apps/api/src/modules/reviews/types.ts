// The reviews' answers, derived from their response schemas.
import type { FromSchema } from 'json-schema-to-ts';
import type { listReply, reviewItem, summaryReply } from './schemas.ts';

/** One verified buyer's review, with the seller's answer. */
export type ReviewItem = FromSchema<typeof reviewItem>;
/** A page of reviews with the rating they average to. */
export type ReviewList = FromSchema<typeof listReply>;
/** Ratings of products and their stores, for cards. */
export type RatingSummary = FromSchema<typeof summaryReply>;
