import { sql } from 'drizzle-orm';
import {
  pgTable,
  uuid,
  text,
  integer,
  smallint,
  bigint,
  timestamp,
  index,
  uniqueIndex,
  primaryKey,
  check,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { products } from './catalog.ts';
import { states, cities, carMakes, carModels } from './lookups.ts';

/**
 * A user's saved search ('search': tell me when a part matching these filters is listed) or
 * price alert ('price': tell me when this product is cheaper). A saved search keeps the parts
 * list's own filters, so it matches exactly what that list would show; the category has no
 * foreign key because staff may merge or remove categories (the search then matches nothing).
 */
export const alerts = pgTable(
  'alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** The same search or product twice is refused: the service's canonical form of it. */
    key: text('key').notNull(),
    /** What the user reads: "headlamp corolla 2010 in Lagos", or the product's name. */
    label: text('label').notNull(),
    words: text('words'),
    catId: integer('cat_id'),
    makeId: integer('make_id').references(() => carMakes.id),
    modelId: integer('model_id').references(() => carModels.id),
    year: integer('year'),
    stateId: integer('state_id').references(() => states.id),
    cityId: integer('city_id').references(() => cities.id),
    condition: smallint('condition'),
    productId: integer('product_id').references(() => products.prodId, { onDelete: 'cascade' }),
    /** The product's price when the alert was saved: a drop below it (or below target) fires. */
    savedPriceKobo: bigint('saved_price_kobo', { mode: 'number' }),
    targetKobo: bigint('target_kobo', { mode: 'number' }),
    /** The price last told; a drop fires once, and again only when the price goes lower still. */
    notifiedKobo: bigint('notified_kobo', { mode: 'number' }),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('alerts_user_key_uq').on(t.userId, t.key),
    index('alerts_user_idx').on(t.userId, t.createdAt),
    // The matching job looks up the price alerts of the products just written.
    index('alerts_product_idx')
      .on(t.productId)
      .where(sql`${t.productId} is not null`),
    index('alerts_search_idx')
      .on(t.createdAt)
      .where(sql`${t.kind} = 'search' and ${t.pausedAt} is null`),
    check('alerts_kind', sql`${t.kind} in ('search', 'price')`),
    check(
      'alerts_price_has_product',
      sql`${t.kind} <> 'price' or (${t.productId} is not null and ${t.savedPriceKobo} is not null)`,
    ),
    check(
      'alerts_target_below_saved',
      sql`${t.targetKobo} is null or (${t.targetKobo} > 0 and ${t.targetKobo} < ${t.savedPriceKobo})`,
    ),
  ],
);

/**
 * A product an alert matched: one row per alert and product, so a product is told once per
 * saved search however often it is written. A price alert's row is re-armed (notified_at back to
 * null) at each new drop. Rows wait with notified_at null until a notice carries them (the
 * daily cap can hold them to the next day).
 */
export const alertMatches = pgTable(
  'alert_matches',
  {
    alertId: uuid('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.prodId, { onDelete: 'cascade' }),
    priceKobo: bigint('price_kobo', { mode: 'number' }).notNull(),
    matchedAt: timestamp('matched_at', { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.alertId, t.productId] }),
    index('alert_matches_pending_idx')
      .on(t.alertId)
      .where(sql`${t.notifiedAt} is null`),
    index('alert_matches_product_idx').on(t.productId),
  ],
);
