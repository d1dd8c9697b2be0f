import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { stores } from './catalog.ts';

/**
 * A seller's CSV import of products: the file (kept through the upload storage under `file_key`),
 * its progress while the `products.import` job runs, and its report. `problems` holds the first
 * refused rows as [{row, field, message}] (row 1 is the header, as a spreadsheet numbers it);
 * `bad_rows` counts all of them. Only the store's owner sees it.
 * status: queued | running | done (every row read; bad rows reported) | failed (the file could
 * not be read: `message` says why, nothing was imported).
 */
export const productImports = pgTable(
  'product_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    fileKey: text('file_key').notNull(),
    fileBytes: integer('file_bytes').notNull(),
    status: text('status').notNull().default('queued'),
    totalRows: integer('total_rows'),
    processedRows: integer('processed_rows').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    badRows: integer('bad_rows').notNull().default(0),
    problems: jsonb('problems').notNull().default([]),
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('product_imports_store_idx').on(t.storeId, t.createdAt),
    check('product_imports_status', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
  ],
);
