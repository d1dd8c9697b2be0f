import { sql } from 'drizzle-orm';
import { pgTable, bigint, timestamp, uuid, integer, check, primaryKey } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { products } from './catalog.ts';

/**
 * A signed-in user's cart: one line per product. price_seen_kobo is the price the buyer was
 * last shown, so a line whose price has since changed can say so.
 */
export const cartItems = pgTable(
  'cart_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.prodId, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    priceSeenKobo: bigint('price_seen_kobo', { mode: 'number' }).notNull(),
    /** The price of an accepted broadcast offer: it replaces the product's price on this line. */
    offerPriceKobo: bigint('offer_price_kobo', { mode: 'number' }),
    /** How many units the offer price holds for; more are refused while the offer lasts. */
    offerQuantity: integer('offer_quantity'),
    /** The offer price ends then (48 hours after acceptance); the list price applies after. */
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    check('cart_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);
