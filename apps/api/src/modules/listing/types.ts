// The answers of a provider's own listing routes, derived from their response schemas.
import type { FromSchema } from 'json-schema-to-ts';
import type { listingReply, listingSaved, ownListing } from './schemas.ts';

/** A mechanic's workshop or a tow van's garage as its owner edits it. */
export type OwnListing = FromSchema<typeof ownListing>;
export type ListingAnswer = FromSchema<typeof listingReply>;
export type ListingSavedAnswer = FromSchema<typeof listingSaved>;
