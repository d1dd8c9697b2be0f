import { sql } from 'drizzle-orm';
import {
  pgTable,
  text,
  timestamp,
  index,
  uuid,
  integer,
  check,
  uniqueIndex,
  smallint,
  foreignKey,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { stores } from './catalog.ts';
import { serviceProviders } from './providers.ts';
import { requests } from './requests.ts';
import { orders, orderItems } from './orders.ts';

/**
 * A verified buyer's review of one order line (decision 0018): only the buyer of a delivered or
 * completed order writes one, once per line (the unique index holds it under any concurrency).
 * Averages and counts are always aggregates of these rows, never stored.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    buyerUserId: uuid('buyer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storeRating: smallint('store_rating').notNull(),
    productRating: smallint('product_rating').notNull(),
    body: text('body').notNull().default(''),
    photoKey: text('photo_key'),
    photoPlaceholder: text('photo_placeholder'),
    /** The seller's one public answer. */
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** Hidden by staff for breaking the rules (audit log): out of every list and average. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      columns: [t.orderId, t.productId],
      foreignColumns: [orderItems.orderId, orderItems.productId],
    }).onDelete('cascade'),
    uniqueIndex('reviews_order_line_uq').on(t.orderId, t.productId),
    index('reviews_product_idx')
      .on(t.productId, t.id)
      .where(sql`hidden_at is null`),
    index('reviews_store_idx')
      .on(t.storeId, t.id)
      .where(sql`hidden_at is null`),
    check('reviews_store_rating_range', sql`${t.storeRating} between 1 and 5`),
    check('reviews_product_rating_range', sql`${t.productRating} between 1 and 5`),
  ],
);

/**
 * A requester's review of the mechanic or tow van whose offer they accepted (decision 0022): one
 * per broadcast job (the unique request_id holds it under any concurrency), a rating 1–5 and
 * words; the provider answers once; staff hide one that breaks the rules. Averages and counts are
 * aggregates of the visible rows, never stored.
 */
export const providerReviews = pgTable(
  'provider_reviews',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    requestId: integer('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    spId: integer('sp_id')
      .notNull()
      .references(() => serviceProviders.spId, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    body: text('body').notNull().default(''),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('provider_reviews_request_uq').on(t.requestId),
    index('provider_reviews_sp_idx')
      .on(t.spId, t.id)
      .where(sql`hidden_at is null`),
    check('provider_reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);
