// The admin area's answers, derived from their response schemas (decision 0012).
import type { FromSchema } from 'json-schema-to-ts';
import type {
  adminCategory,
  adminProduct,
  adminProvider,
  adminStore,
  productReply,
  searchReply,
} from './schemas.ts';

export type AdminStore = FromSchema<typeof adminStore>;
export type AdminProduct = FromSchema<typeof adminProduct>;
export type AdminProductAnswer = FromSchema<typeof productReply>;
export type AdminProvider = FromSchema<typeof adminProvider>;
export type AdminCategory = FromSchema<typeof adminCategory>;
export type AdminSearchHit = FromSchema<typeof searchReply>['items'][number];
