import { pgTable, uuid, text, timestamp, index } from 'drizzle-orm/pg-core';

/**
 * STAND-IN from the content branch, identical to the `outbox` of the accounts branch
 * (packages/db/src/schema/auth.ts there). At merge: delete this file and its line in index.ts.
 */
export const outbox = pgTable('outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('outbox_to_idx').on(t.to, t.createdAt)]);
