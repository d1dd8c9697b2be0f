// The answers of the alerts routes, derived from their response schemas.
import type { FromSchema } from 'json-schema-to-ts';
import type { alertItem, changeReply, listReply, matchesReply } from './schemas.ts';

/** One saved search or price alert, as the API returns it. */
export type AlertItem = FromSchema<typeof alertItem>;
export type AlertsAnswer = FromSchema<typeof listReply>;
export type AlertChangeAnswer = FromSchema<typeof changeReply>;
export type AlertMatchesAnswer = FromSchema<typeof matchesReply>;
