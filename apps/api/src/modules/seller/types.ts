// The answers of a seller's own store routes, derived from their response schemas.
import type { FromSchema } from 'json-schema-to-ts';
import type {
  categoryTreeReply,
  dashboardReply,
  productDetail,
  productListItem,
  productListReply,
  productImagesReply,
  storeLogoReply,
  productReply,
  productSaved,
  profileReply,
  profileSaved,
  storeProfile,
} from './schemas.ts';

/** A store's details as its owner edits them. */
export type StoreProfile = FromSchema<typeof storeProfile>;
export type StoreProfileAnswer = FromSchema<typeof profileReply>;
export type StoreSavedAnswer = FromSchema<typeof profileSaved>;
/** A store's figures over a period, day by day, with best sellers and low stock. */
export type DashboardAnswer = FromSchema<typeof dashboardReply>;
/** A row of the seller's product table. */
export type ProductListItem = FromSchema<typeof productListItem>;
export type ProductListAnswer = FromSchema<typeof productListReply>;
/** One product with every field its owner edits. */
export type SellerProduct = FromSchema<typeof productDetail>;
export type ProductAnswer = FromSchema<typeof productReply>;
export type ProductSavedAnswer = FromSchema<typeof productSaved>;
/** The category picker's tree (top categories and their children). */
export type CategoryTreeAnswer = FromSchema<typeof categoryTreeReply>;
/** A product's pictures after a change, in order. */
export type ProductImagesAnswer = FromSchema<typeof productImagesReply>;
export type StoreLogoAnswer = FromSchema<typeof storeLogoReply>;
