import type { FromSchema } from 'json-schema-to-ts';
import type { keyReply, subscribeBody } from './schemas.ts';

export type PushKeyAnswer = FromSchema<typeof keyReply>;
export type PushSubscriptionInput = FromSchema<typeof subscribeBody>;
