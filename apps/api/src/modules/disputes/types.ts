// The disputes' answers, derived from their response schemas.
import type { FromSchema } from 'json-schema-to-ts';
import type {
  decideBody,
  disputeItem,
  listReply,
  messageItem,
  oneReply,
  openBody,
} from './schemas.ts';

/** A dispute on one order line, as its buyer, its store or staff see it. */
export type DisputeItem = FromSchema<typeof disputeItem>;
/** One line of a dispute's thread. */
export type DisputeMessage = FromSchema<typeof messageItem>;
export type DisputeAnswer = FromSchema<typeof oneReply>;
export type DisputeList = FromSchema<typeof listReply>;

// What the service takes whole from a request body (decision 0032).
/** A buyer's new dispute. */
export type DisputeOpenInput = FromSchema<typeof openBody>;
/** Staff's decision on a dispute. */
export type DisputeDecideInput = FromSchema<typeof decideBody>;
