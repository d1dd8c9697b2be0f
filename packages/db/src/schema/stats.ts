import { date, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { products, stores } from './catalog.ts';

/**
 * Product page views per product and day (Lagos time). A counter, not a log: each server
 * process adds up the views it served and writes them every few seconds in one statement, so a
 * busy product page costs no write per visit. store_id is copied from the product (a product
 * never changes store) so a store's figures read one index.
 */
export const productViews = pgTable(
  'product_views',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.prodId, { onDelete: 'cascade' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.day] }),
    index('product_views_store_day_idx').on(t.storeId, t.day),
  ],
);
