// The disputes' answers, derived from their response schemas.
import type { FromSchema } from 'json-schema-to-ts';
import type { disputeItem, listReply, messageItem, oneReply } from './schemas.ts';

/** A dispute on one order line, as its buyer, its store or staff see it. */
export type DisputeItem = FromSchema<typeof disputeItem>;
/** One line of a dispute's thread. */
export type DisputeMessage = FromSchema<typeof messageItem>;
export type DisputeAnswer = FromSchema<typeof oneReply>;
export type DisputeList = FromSchema<typeof listReply>;
