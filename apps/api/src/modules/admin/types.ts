// The admin area's answers, derived from their response schemas (decision 0012).
import type { FromSchema } from 'json-schema-to-ts';
import type {
  adminCategory,
  adminProduct,
  adminProvider,
  adminStore,
  productEditBody,
  productReply,
  productsQuery,
  providerEditBody,
  providersQuery,
  searchReply,
  storesQuery,
} from './schemas.ts';

export type AdminStore = FromSchema<typeof adminStore>;
export type AdminProduct = FromSchema<typeof adminProduct>;
export type AdminProductAnswer = FromSchema<typeof productReply>;
export type AdminProvider = FromSchema<typeof adminProvider>;
export type AdminCategory = FromSchema<typeof adminCategory>;
export type AdminSearchHit = FromSchema<typeof searchReply>['items'][number];

// What the list and edit routes take, as their schemas admit it (decision 0032).
export type AdminStoresQuery = FromSchema<typeof storesQuery>;
export type AdminProductsQuery = FromSchema<typeof productsQuery>;
export type AdminProductEdit = FromSchema<typeof productEditBody>;
export type AdminProvidersQuery = FromSchema<typeof providersQuery>;
export type AdminProviderEdit = FromSchema<typeof providerEditBody>;
