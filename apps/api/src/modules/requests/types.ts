import type { FromSchema } from 'json-schema-to-ts';
import type {
  detailReply,
  optionsReply,
  incomingItem,
  offerBody,
  offerItem,
  requestBody,
  requestItem,
} from './schemas.ts';

export type RequestItem = FromSchema<typeof requestItem>;
export type IncomingItem = FromSchema<typeof incomingItem>;
export type OfferItem = FromSchema<typeof offerItem>;
export type RequestDetail = FromSchema<typeof detailReply>;
export type RequestInput = FromSchema<typeof requestBody>;
export type RequestOptions = FromSchema<typeof optionsReply>;
export type OfferInput = FromSchema<typeof offerBody>;
