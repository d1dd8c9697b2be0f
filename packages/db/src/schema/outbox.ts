import { pgTable, integer, text, timestamp, index } from 'drizzle-orm/pg-core';

/**
 * Mail waiting to be sent (apps/api/src/lib/mail.ts writes here; a sender delivers through SMTP).
 * Stand-in from the content branch: if the accounts branch defines its own outbox, keep that one and drop this file.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_unsent_idx').on(t.sentAt, t.id)],
);
