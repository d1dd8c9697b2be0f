// The answers of the API as TypeScript types, each derived from its route's response schema.
// The web app imports them from here, type-only (`import type … from '@sf/api/types'`): types
// vanish at build time, so no server code reaches the browser.
export type * from './lib/types.ts';
export type * from './modules/auth/types.ts';
export type * from './modules/providers/types.ts';
export type * from './modules/search/types.ts';
export type * from './modules/content/types.ts';
export type * from './modules/vin/types.ts';
export type * from './modules/garage/types.ts';
export type * from './modules/seller/types.ts';
export type * from './modules/listing/types.ts';
export type * from './modules/cart/types.ts';
export type * from './modules/checkout/types.ts';
export type * from './modules/orders/types.ts';
export type * from './modules/payments/types.ts';
export type * from './modules/coupons/types.ts';
export type * from './modules/catalog/types.ts';
export type * from './modules/subscriptions/types.ts';
export type * from './modules/product-import/types.ts';
export type * from './modules/requests/types.ts';
export type * from './modules/notifications/types.ts';
export type * from './modules/audit/types.ts';
export type * from './modules/fit/types.ts';
export type * from './modules/chat/types.ts';
export type * from './modules/reviews/types.ts';
export type * from './modules/disputes/types.ts';
export type * from './modules/admin/types.ts';
export type * from './modules/track-record/types.ts';
export type * from './modules/signals/types.ts';
export type * from './modules/jobs/types.ts';
export type * from './modules/alerts/types.ts';
export type * from './modules/push/types.ts';
export type { ApiRoutes } from './api-routes.ts';
