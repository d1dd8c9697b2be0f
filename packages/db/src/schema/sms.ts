import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What the local SMS gateway (modules/sms/test-server.ts, used when SMS_API_KEY is unset) was
 * asked to send: the messages a real gateway would have delivered to phones. Kept in the
 * database so every server process and a restart show the same list on /sms-test.
 */
export const smsTestMessages = pgTable(
  'sms_test_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The gateway's id for the message, as it answers it (message_id). */
    messageId: text('message_id').notNull().unique(),
    /** The destination in the gateway's international form, without '+' (2348031234567). */
    to: text('to').notNull(),
    /** The sender id the message went out under. */
    from: text('from').notNull(),
    text: text('text').notNull(),
    /** generic | dnd | whatsapp */
    channel: text('channel').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_test_messages_to_idx').on(t.to, t.id)],
);
