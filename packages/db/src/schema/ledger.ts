import { sql } from 'drizzle-orm';
import {
  pgTable,
  bigint,
  text,
  timestamp,
  index,
  uniqueIndex,
  integer,
  check,
} from 'drizzle-orm/pg-core';

/**
 * Double-entry ledger in kobo. A posting records one business event; (kind, ref) is unique so
 * that posting the same event twice is a no-op. Its entries sum to zero (checked before insert,
 * in the same transaction as the business change). An account's balance is the sum of its
 * entries: no balance column is ever overwritten.
 */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** payment, release, refund, payout, payout_reversal, cod_commission … */
    kind: text('kind').notNull(),
    /** The event's own id: a payment reference, an order id, a payout id. */
    ref: text('ref').notNull(),
    memo: text('memo').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_postings_kind_ref_idx').on(t.kind, t.ref),
    // An order's escrow leaves once: to the store (release) or back to the buyer (refund).
    uniqueIndex('ledger_postings_escrow_out_once_idx')
      .on(t.ref)
      .where(sql`kind in ('release', 'refund')`),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    postingId: integer('posting_id')
      .notNull()
      .references(() => ledgerPostings.id),
    /** paystack:clearing, escrow:order:<id>, store:<id>:balance, platform:commission … */
    account: text('account').notNull(),
    /** Signed kobo: + money into the account, − money out of it. Never zero. */
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.account, t.id),
    index('ledger_entries_posting_idx').on(t.postingId),
    check('ledger_entries_nonzero', sql`${t.amountKobo} <> 0`),
  ],
);
