import { sql } from 'drizzle-orm';
import {
  pgTable,
  integer,
  bigint,
  text,
  timestamp,
  uuid,
  check,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * The plans a business can take (decision 0014), per audience: `store` plans limit a seller's
 * products per store, `provider` plans the workshops or garages a mechanic or tow van runs.
 * Rows, not constants, so that admins change prices and limits without a deployment; the three
 * codes (free, basic, premium) are inserted by the migration. rank_boost is copied onto the
 * subscriber's stores and service_providers rows, which order the lists.
 */
export const subscriptionPlans = pgTable(
  'subscription_plans',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** store | provider */
    audience: text('audience').notNull(),
    /** free | basic | premium */
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** A month's price; 0 for Free. */
    priceKobo: bigint('price_kobo', { mode: 'number' }).notNull(),
    /** Products per store (store plans) or listings per user (provider plans). */
    itemLimit: integer('item_limit').notNull(),
    rankBoost: integer('rank_boost').notNull().default(0),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('subscription_plans_code_idx').on(t.audience, t.code),
    check('subscription_plans_price', sql`${t.priceKobo} >= 0`),
    check('subscription_plans_limit', sql`${t.itemLimit} >= 0`),
    check('subscription_plans_boost', sql`${t.rankBoost} >= 0`),
  ],
);

/**
 * A user's plan; no row means the audience's Free plan. A paid plan runs until period_end;
 * next_plan_id is a cheaper plan already paid for, which starts when this period ends
 * (downgrades take effect at the end of the period). Changed only under this row's lock.
 */
export const subscriptions = pgTable('subscriptions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  planId: integer('plan_id')
    .notNull()
    .references(() => subscriptionPlans.id),
  periodEnd: timestamp('period_end', { withTimezone: true }),
  nextPlanId: integer('next_plan_id').references(() => subscriptionPlans.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
