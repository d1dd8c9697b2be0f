// The answers of the product import routes, derived from their response schemas.
import type { FromSchema } from 'json-schema-to-ts';
import type { importItem, importReply, importsReply } from './schemas.ts';

/** One CSV import: its progress and its report. */
export type ImportItem = FromSchema<typeof importItem>;
export type ImportAnswer = FromSchema<typeof importReply>;
export type ImportsAnswer = FromSchema<typeof importsReply>;
