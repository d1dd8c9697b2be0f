import { sql } from 'drizzle-orm';
import {
  pgTable,
  bigint,
  text,
  timestamp,
  index,
  uuid,
  integer,
  check,
  boolean,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { stores } from './catalog.ts';

/**
 * Discount codes: percentage (value 1..100) or fixed (value in kobo), on the goods of the whole
 * cart (store_id null) or of one store. used_count only grows by a conditional update that
 * refuses to pass usage_limit, so the limit holds however many checkouts run at once.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Stored upper-case; buyers type it in any case. */
    code: text('code').notNull().unique(),
    /** percent | fixed */
    kind: text('kind').notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
    minOrderKobo: bigint('min_order_kobo', { mode: 'number' }).notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    usageLimit: integer('usage_limit'),
    usedCount: integer('used_count').notNull().default(0),
    /** Uses allowed to one account (null: no limit); "first order" coupons have 1. */
    perAccountLimit: integer('per_account_limit'),
    /** Uses allowed to one phone number, the account's or the checkout's (null: no limit). */
    perPhoneLimit: integer('per_phone_limit'),
    storeId: integer('store_id').references(() => stores.id, { onDelete: 'cascade' }),
    active: boolean('active').notNull().default(true),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'coupons_used_within_limit',
      sql`${t.usageLimit} IS NULL OR ${t.usedCount} <= ${t.usageLimit}`,
    ),
    check('coupons_value_positive', sql`${t.value} > 0`),
    check(
      'coupons_per_limits_positive',
      sql`(${t.perAccountLimit} IS NULL OR ${t.perAccountLimit} > 0) AND (${t.perPhoneLimit} IS NULL OR ${t.perPhoneLimit} > 0)`,
    ),
  ],
);

/**
 * One row per checkout that used a coupon; released_at is set once none of the checkout's
 * orders goes ahead (cancelled or refunded), and then it no longer counts against any limit.
 * The phones are the account's and the checkout's contact number, for per-phone limits.
 */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id),
    checkoutId: uuid('checkout_id').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    discountKobo: bigint('discount_kobo', { mode: 'number' }).notNull(),
    accountPhone: text('account_phone'),
    contactPhone: text('contact_phone'),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('coupon_redemptions_coupon_idx').on(t.couponId),
    index('coupon_redemptions_user_idx').on(t.couponId, t.userId),
    index('coupon_redemptions_account_phone_idx').on(t.couponId, t.accountPhone),
    index('coupon_redemptions_contact_phone_idx').on(t.couponId, t.contactPhone),
  ],
);
