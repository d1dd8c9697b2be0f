import { pgTable, text, timestamp, uuid, jsonb, primaryKey } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * Idempotency-Key of a state-changing request: the row is inserted first in the request's
 * transaction, so a second request with the same key waits for the first and then answers
 * with its result instead of doing the work again.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the request body: the same key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    /** What the work produced (a checkout id …) */
    result: jsonb('result').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.scope, t.key] })],
);
