// The answers of the provider routes, derived from their response schemas.
import type { FromSchema } from 'json-schema-to-ts';
import type { listReply, oneReply, providerDetail, providerItem } from './schemas.ts';

/** A mechanic or a tow van in a list. */
export type ProviderItem = FromSchema<typeof providerItem>;
/** One provider for its page. */
export type ProviderDetail = FromSchema<typeof providerDetail>;
export type ProviderListAnswer = FromSchema<typeof listReply>;
export type ProviderAnswer = FromSchema<typeof oneReply>;
