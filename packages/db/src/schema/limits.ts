import { pgTable, text, integer, timestamp, index } from 'drizzle-orm/pg-core';

/**
 * One counter per limited thing ('login:ip:10.0.0.1', 'comment:<user id>' …). A request takes a
 * slot with one conditional upsert, so a limit holds however many requests and processes race
 * for it (apps/api/src/lib/limits.ts).
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    /** Slots taken since window_start. */
    hits: integer('hits').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    /** The latest slot taken: progressive delays count from it. */
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_last_idx').on(t.lastAt)],
);
