// The genuine-part signals' answers, derived from their response schemas.
import type { FromSchema } from 'json-schema-to-ts';
import type { listReply, signalItem } from './schemas.ts';

/** A listing staff should look at: a suspect genuine-part claim or part number, or a price far below its part's or category's. */
export type SignalItem = FromSchema<typeof signalItem>;
export type SignalList = FromSchema<typeof listReply>;
