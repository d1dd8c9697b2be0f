// The payments' answers, derived from their response schemas.
import type { FromSchema } from 'json-schema-to-ts';
import type { verifyReply } from './schemas.ts';

export type PaymentVerifyAnswer = FromSchema<typeof verifyReply>;
