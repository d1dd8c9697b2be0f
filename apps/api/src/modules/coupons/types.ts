// The coupons' answers, derived from their response schemas.
import type { FromSchema } from 'json-schema-to-ts';
import type { couponView } from './schemas.ts';

export type CouponView = FromSchema<typeof couponView>;
