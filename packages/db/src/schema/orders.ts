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
  primaryKey,
  boolean,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { products, stores } from './catalog.ts';
import { states, cities } from './lookups.ts';
import { coupons } from './coupons.ts';

/**
 * One order per store per checkout. Amounts in kobo: total = subtotal − discount + delivery fee.
 * status: pending_payment, paid, pay_on_delivery, processing, shipped, delivered, completed,
 * cancelled, refunded (moves in apps/api/src/modules/orders/states.ts).
 */
export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    checkoutId: uuid('checkout_id').notNull(),
    buyerUserId: uuid('buyer_user_id')
      .notNull()
      .references(() => users.id),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    status: text('status').notNull(),
    /** paystack | pay_on_delivery */
    paymentMethod: text('payment_method').notNull(),
    /** delivery | pickup */
    fulfilment: text('fulfilment').notNull(),
    stateId: integer('state_id').references(() => states.id),
    cityId: integer('city_id').references(() => cities.id),
    street: text('street'),
    phone: text('phone').notNull(),
    subtotalKobo: bigint('subtotal_kobo', { mode: 'number' }).notNull(),
    discountKobo: bigint('discount_kobo', { mode: 'number' }).notNull().default(0),
    deliveryFeeKobo: bigint('delivery_fee_kobo', { mode: 'number' }).notNull().default(0),
    totalKobo: bigint('total_kobo', { mode: 'number' }).notNull(),
    /** Platform commission on the goods, fixed when the order is placed. */
    commissionKobo: bigint('commission_kobo', { mode: 'number' }).notNull().default(0),
    couponId: integer('coupon_id').references(() => coupons.id),
    /** Who gives the discount: the platform (platform-wide coupon) or the store. */
    discountBorneBy: text('discount_borne_by'),
    paymentReference: text('payment_reference'),
    /** Stock is held until then while the order awaits payment. */
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** Set by a dispute (trust and safety): escrow is not released automatically while set. */
    disputedAt: timestamp('disputed_at', { withTimezone: true }),
    /** Set by staff: the automatic escrow release waits until they lift it (decision 0019). */
    escrowHeldAt: timestamp('escrow_held_at', { withTimezone: true }),
    shippingNote: text('shipping_note'),
    cancelReason: text('cancel_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_buyer_idx').on(t.buyerUserId, t.id),
    index('orders_store_idx').on(t.storeId, t.id),
    index('orders_checkout_idx').on(t.checkoutId),
    check(
      'orders_total_adds_up',
      sql`${t.totalKobo} = ${t.subtotalKobo} - ${t.discountKobo} + ${t.deliveryFeeKobo}`,
    ),
    check(
      'orders_amounts_not_negative',
      sql`${t.discountKobo} >= 0 AND ${t.deliveryFeeKobo} >= 0 AND ${t.totalKobo} >= 0`,
    ),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.prodId),
    /** The name and price at the time of the order (a receipt never changes). */
    name: text('name').notNull(),
    unitPriceKobo: bigint('unit_price_kobo', { mode: 'number' }).notNull(),
    quantity: integer('quantity').notNull(),
    lineTotalKobo: bigint('line_total_kobo', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.productId] }),
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** Every move of an order: who (user, or null for the system), when, from, to, and why. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** buyer | seller | system | admin */
    actorRole: text('actor_role').notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);

/** Where a store's payouts go. recipient_code is Paystack's transfer recipient for it. */
export const storeBankAccounts = pgTable('store_bank_accounts', {
  storeId: integer('store_id')
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  bankCode: text('bank_code').notNull(),
  accountNumber: text('account_number').notNull(),
  accountName: text('account_name').notNull(),
  recipientCode: text('recipient_code'),
  /** After a change of account, no payout leaves before this (a stolen session cannot empty the balance at once). */
  payoutsHeldUntil: timestamp('payouts_held_until', { withTimezone: true }),
  /** Why payouts are held: `bank_account` (the account changed) or `new_device` (a sign-in by SMS code on a new device). */
  payoutsHoldReason: text('payouts_hold_reason'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A withdrawal of a store's balance to its bank account through a Paystack transfer. */
export const payouts = pgTable(
  'payouts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    /** Our transfer reference (unique at Paystack too). */
    reference: text('reference').notNull(),
    /** pending | otp (awaiting staff's OTP) | success | failed | reversed */
    status: text('status').notNull().default('pending'),
    /**
     * Paystack's last answer was unclear (timeout, 5xx, lost connection): the transfer may or may
     * not exist, so the money stays out of the balance until the reference is verified.
     */
    outcomeUnknown: boolean('outcome_unknown').notNull().default(false),
    /** The transfer recipient the payout was sent to; a retry goes to the same one. */
    recipientCode: text('recipient_code'),
    transferCode: text('transfer_code'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payouts_reference_idx').on(t.reference),
    index('payouts_store_idx').on(t.storeId, t.id),
    check('payouts_amount_positive', sql`${t.amountKobo} > 0`),
  ],
);
