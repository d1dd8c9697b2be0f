// The answers of the VIN decoder, derived from their response schemas.
import type { FromSchema } from 'json-schema-to-ts';
import type { decodeReply, vinDecodeSchema } from './schemas.ts';

/** One decoded VIN, as GET /api/vin/decode returns it. */
export type VinDecode = FromSchema<typeof vinDecodeSchema>;
export type VinDecodeAnswer = FromSchema<typeof decodeReply>;
