import type { FromSchema } from 'json-schema-to-ts';
import type { attentionReply, auditItem, auditReply } from './schemas.ts';

export type AuditItem = FromSchema<typeof auditItem>;
export type AuditAnswer = FromSchema<typeof auditReply>;
export type AttentionAnswer = FromSchema<typeof attentionReply>;
