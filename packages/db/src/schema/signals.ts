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
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { products } from './catalog.ts';

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
