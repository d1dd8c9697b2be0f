import { pgTable, integer, text, timestamp, uuid, jsonb, index } from 'drizzle-orm/pg-core';

/**
 * What staff did, who did it and when: one row per admin action, written in the same transaction
 * as the change. Rows are never edited or removed: a trigger in the migration refuses UPDATE and
 * DELETE, so even a bug in our code cannot rewrite history. The actor is kept as a plain users.id and
 * e-mail, not a foreign key, so removing an account leaves its trail whole.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email').notNull(),
    /** `<thing>.<verb>`: store.verify, order.refund, review.hide. */
    action: text('action').notNull(),
    /** The kind of record touched: store, product, user, order, category, review, … */
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    /** Only the fields that changed, before and after. */
    before: jsonb('before'),
    after: jsonb('after'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.id.desc()),
    index('audit_log_actor_idx').on(t.actorId, t.id.desc()),
  ],
);
