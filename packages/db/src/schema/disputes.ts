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
  uniqueIndex,
  foreignKey,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { stores } from './catalog.ts';
import { orders, orderItems } from './orders.ts';

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
