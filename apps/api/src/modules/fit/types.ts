// The fit check's answers, derived from their response schemas.
import type { FromSchema } from 'json-schema-to-ts';
import type { fitItem, fitReply } from './schemas.ts';

/** Whether one product fits the chosen car, in words. */
export type FitItem = FromSchema<typeof fitItem>;
/** GET /api/fit: the car checked, my cars, one verdict per product. */
export type FitAnswer = FromSchema<typeof fitReply>;
