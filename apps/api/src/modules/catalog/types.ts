// The catalogue's answers, derived from their response schemas.
import type { FromSchema } from 'json-schema-to-ts';
import type {
  categoryFamilySchema,
  categorySchema,
  listReply,
  listItemSchema,
  productDetailSchema,
  storeReply,
  storeSchema,
  suggestReply,
} from './schemas.ts';

/** A category in a list of children. */
export type Category = FromSchema<typeof categorySchema>;
/** A category with its parent and children (GET /api/categories/{id}). */
export type CategoryFamily = FromSchema<typeof categoryFamilySchema>;
/** A product in a list. */
export type PartsListItem = FromSchema<typeof listItemSchema>;
/** A page of the parts list (GET /api/products/categories/{id}/). */
export type PartsList = FromSchema<typeof listReply>;
/** One product for its page. */
export type ProductDetail = FromSchema<typeof productDetailSchema>;
/** The store of a product. */
export type StoreDetail = FromSchema<typeof storeSchema>;
/** A store's page: the store and its first page of products. */
export type StorePage = FromSchema<typeof storeReply>;
export type Suggestions = FromSchema<typeof suggestReply>;
