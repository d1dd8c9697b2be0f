import { sql } from 'drizzle-orm';
import {
  pgTable,
  bigint,
  text,
  timestamp,
  index,
  uuid,
  jsonb,
  integer,
  check,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * One row per Paystack reference. purpose says what it pays for (`order`: the orders of one
 * checkout, purpose_id = the checkout id; `subscription` later). status moves to `success`
 * once, by one conditional update, whoever (webhook or verify) arrives first.
 */
export const payments = pgTable(
  'payments',
  {
    reference: text('reference').primaryKey(),
    purpose: text('purpose').notNull(),
    purposeId: text('purpose_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('NGN'),
    /** pending | success | failed | abandoned */
    status: text('status').notNull().default('pending'),
    authorizationUrl: text('authorization_url'),
    accessCode: text('access_code'),
    channel: text('channel'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_purpose_idx').on(t.purpose, t.purposeId),
    check('payments_amount_positive', sql`${t.amountKobo} > 0`),
  ],
);

/**
 * A refund of (part of) a payment, one per thing refunded: (purpose, purpose_id) is unique, so
 * an order is refunded once however many cancels, retries and jobs ask for it. `reference` is
 * ours and deterministic (the order's), sent to Paystack in merchant_note so that a retry can
 * find a refund Paystack accepted just before we crashed. Only the caller whose conditional
 * update moves the row to `sending` (with a lease) may call Paystack.
 * status: pending (recorded, never sent) | sending (claimed until locked_until) | sent (Paystack
 * accepted it) | processed (Paystack paid it back) | failed (Paystack could not pay it back).
 */
export const refunds = pgTable(
  'refunds',
  {
    reference: text('reference').primaryKey(),
    paymentReference: text('payment_reference')
      .notNull()
      .references(() => payments.reference),
    purpose: text('purpose').notNull(),
    purposeId: text('purpose_id').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('pending'),
    /** Claims so far: after the first, Paystack is asked before a refund is sent again. */
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    paystackRefundId: bigint('paystack_refund_id', { mode: 'number' }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refunds_purpose_idx').on(t.purpose, t.purposeId),
    index('refunds_payment_idx').on(t.paymentReference),
    check('refunds_amount_positive', sql`${t.amountKobo} > 0`),
  ],
);

/**
 * What Paystack told us and what we did with it (verify answers, webhooks, refused mismatches),
 * for support staff. A webhook whose signature fails writes nothing, here included.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reference: text('reference').notNull(),
    /** webhook | verify | refund | transfer */
    source: text('source').notNull(),
    event: text('event').notNull(),
    /** applied | duplicate | mismatch | failed | ignored */
    outcome: text('outcome').notNull(),
    detail: jsonb('detail').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_events_reference_idx').on(t.reference, t.id)],
);

/**
 * The local Paystack-compatible server's own records (used only when PAYSTACK_SECRET_KEY is
 * unset): what a real Paystack account would hold. Kept in the database so that every server
 * process and a restart see the same test transactions.
 */
export const paystackTestRecords = pgTable(
  'paystack_test_records',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** transaction | refund | recipient | transfer */
    kind: text('kind').notNull(),
    /** transaction reference, access code, recipient code or transfer code */
    code: text('code').notNull().unique(),
    reference: text('reference'),
    status: text('status').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull().default(0),
    data: jsonb('data').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('paystack_test_records_reference_idx').on(t.kind, t.reference)],
);
