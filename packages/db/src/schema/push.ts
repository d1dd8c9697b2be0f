import { sql } from 'drizzle-orm';
import { pgTable, integer, text, timestamp, uuid, index, check } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * A browser that agreed to receive Web Push notices for a user (docs/decisions/0027): the
 * subscription is the consent. One row per endpoint (a browser's push address): a browser
 * signed in by someone else moves to them. Removed when the user turns notices off on that
 * browser or the push service says the endpoint is gone (404/410).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The push service's URL for this browser (https, one of the known push services). */
    endpoint: text('endpoint').notNull().unique(),
    /** The browser's P-256 public key and auth secret (base64url), for RFC 8291 encryption. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('push_subscriptions_user_idx').on(t.userId, t.id),
    check('push_subscriptions_endpoint_len', sql`length(${t.endpoint}) <= 1000`),
  ],
);
