import { sql } from 'drizzle-orm';
import { pgTable, uuid, text, timestamp, integer, jsonb, index } from 'drizzle-orm/pg-core';

/**
 * Background work kept in the database, so it survives a restart and runs once however many
 * server processes poll: a process claims a due job by setting `locked_until` (a lease) in a
 * `FOR UPDATE SKIP LOCKED` update; a job whose process died runs again when the lease ends.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    /** Optional idempotency key: a second enqueue with the same key is ignored. */
    key: text('key').unique(),
    payload: jsonb('payload').notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    /** Set when the last allowed attempt failed: the job stays for staff to see. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`done_at IS NULL AND failed_at IS NULL`),
  ],
);
