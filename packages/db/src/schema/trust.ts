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
  smallint,
  foreignKey,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { products, stores } from './catalog.ts';
import { serviceProviders } from './providers.ts';
import { requests } from './requests.ts';
import { orderItems, orders } from './commerce.ts';

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
 * A buyer's dispute on one order line (decision 0018). status: open → offered (the seller offers a
 * refund or a replacement) → resolved (accepted offer, admin decision, or withdrawn). While any
 * dispute of an order is not resolved, orders.disputed_at is set and escrow is not released.
 */
export const disputes = pgTable(
  'disputes',
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
    /** wrong_part | fake | damaged | not_received */
    reason: text('reason').notNull(),
    /** open | offered | resolved */
    status: text('status').notNull().default('open'),
    /** The seller's offer: refund | replacement (null before one). */
    offer: text('offer'),
    offerKobo: bigint('offer_kobo', { mode: 'number' }),
    /** refund | replacement | release | withdrawn */
    outcome: text('outcome'),
    refundKobo: bigint('refund_kobo', { mode: 'number' }),
    /** After this an admin decides (5 days after opening). */
    escalateAt: timestamp('escalate_at', { withTimezone: true }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      columns: [t.orderId, t.productId],
      foreignColumns: [orderItems.orderId, orderItems.productId],
    }).onDelete('cascade'),
    uniqueIndex('disputes_order_line_uq').on(t.orderId, t.productId),
    index('disputes_buyer_idx').on(t.buyerUserId, t.id),
    index('disputes_store_idx').on(t.storeId, t.id),
    index('disputes_open_idx')
      .on(t.escalateAt)
      .where(sql`status <> 'resolved'`),
    check(
      'disputes_reason_known',
      sql`${t.reason} in ('wrong_part', 'fake', 'damaged', 'not_received')`,
    ),
    check('disputes_status_known', sql`${t.status} in ('open', 'offered', 'resolved')`),
    check('disputes_refund_not_negative', sql`${t.refundKobo} is null or ${t.refundKobo} >= 0`),
  ],
);

/** The dispute's thread: buyer, seller, staff and the system's own lines (every step). */
export const disputeMessages = pgTable(
  'dispute_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    disputeId: integer('dispute_id')
      .notNull()
      .references(() => disputes.id, { onDelete: 'cascade' }),
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** buyer | seller | admin | system */
    authorRole: text('author_role').notNull(),
    body: text('body').notNull(),
    photoKey: text('photo_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dispute_messages_dispute_idx').on(t.disputeId, t.id)],
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

/**
 * Genuine-part signals (decision 0022): a listing whose claim or price deserves a look by staff.
 * kind 'make_mismatch': its name, title or description says 'Genuine <Make>' (or '<Make> OEM')
 * while its fitment names other makes only; 'part_number_mismatch': its OEM part number belongs to
 * a maker family (by a format only that family uses, or by other listings of the number) none of
 * its fitment's makes is in; 'low_price': far below the median of the same part number or of its
 * category. The listing stays on sale. `basis` is what was judged (the claimed make, the price): staff clear a
 * signal, and it comes back only when the basis changes.
 */
export const productSignals = pgTable(
  'product_signals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.prodId, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    basis: text('basis').notNull(),
    detail: text('detail').notNull(),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
    clearedBy: uuid('cleared_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('product_signals_product_kind_uq').on(t.productId, t.kind),
    index('product_signals_open_idx')
      .on(t.id)
      .where(sql`cleared_at is null`),
    check(
      'product_signals_kind',
      sql`${t.kind} in ('make_mismatch', 'part_number_mismatch', 'low_price')`,
    ),
  ],
);
