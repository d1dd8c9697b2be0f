// The checkout's answers, derived from their response schemas.
import type { FromSchema } from 'json-schema-to-ts';
import type { checkoutReply, payReply, quoteReply, quoteStore } from './schemas.ts';

export type QuoteStore = FromSchema<typeof quoteStore>;
/** What the cart costs now (GET-like: nothing is written). */
export type Quote = FromSchema<typeof quoteReply>;
export type CheckoutAnswer = FromSchema<typeof checkoutReply>;
export type PayAnswer = FromSchema<typeof payReply>;
