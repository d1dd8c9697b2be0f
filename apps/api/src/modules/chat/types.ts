import type { FromSchema } from 'json-schema-to-ts';
import type {
  inboxReply,
  messageBody,
  messageItem,
  openBody,
  threadItem,
  threadReply,
} from './schemas.ts';

export type MessageItem = FromSchema<typeof messageItem>;
export type ThreadItem = FromSchema<typeof threadItem>;
export type ThreadAnswer = FromSchema<typeof threadReply>;
export type InboxAnswer = FromSchema<typeof inboxReply>;
export type MessageInput = FromSchema<typeof messageBody>;
export type OpenInput = FromSchema<typeof openBody>;
