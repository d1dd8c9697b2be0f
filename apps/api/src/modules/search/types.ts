// The home search's answers, derived from their response schemas.
import type { FromSchema } from 'json-schema-to-ts';
import type { searchGroup, searchReply } from './schemas.ts';

/** Parts, mechanics or tow vans found for one search. */
export type SearchGroup = FromSchema<typeof searchGroup>;
export type SearchAnswer = FromSchema<typeof searchReply>;
