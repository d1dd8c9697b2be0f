import { sql } from 'drizzle-orm';
import {
  pgTable,
  integer,
  text,
  boolean,
  timestamp,
  uuid,
  index,
  uniqueIndex,
  primaryKey,
  check,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/** The longest chat message, in characters: CHAT_MESSAGE_MAX of @sf/shared (the API says it first). */
const CHAT_MESSAGE_MAX = 2000;

/**
 * A conversation (decision 0017). `support`: one per customer (a user, or a guest by the hash of
 * their chat cookie) with the marketplace's staff; any admin answers. `direct`: a customer
 * (user_a: buyer, requester) and a seller or provider (user_b) about one subject (a product, an
 * order, a request); one thread per pair and subject, held by a unique index.
 * Read receipts are the last message id each side has read (for support, b is "the staff").
 */
export const chatThreads = pgTable(
  'chat_threads',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** support | direct */
    kind: text('kind').notNull(),
    userA: uuid('user_a').references(() => users.id, { onDelete: 'cascade' }),
    /** A guest's support thread: sha256 of their chat cookie (the cookie itself is never stored). */
    guestId: text('guest_id'),
    /** A guest's optional e-mail for staff answers (decision 0017); dropped when the thread moves to an account. */
    guestEmail: text('guest_email'),
    userB: uuid('user_b').references(() => users.id, { onDelete: 'cascade' }),
    /** product | order | request (direct threads) */
    subjectType: text('subject_type'),
    subjectId: integer('subject_id'),
    /** The subject's name as shown in the thread ("Brake pads for Corolla 2010", "Order #12"). */
    subjectTitle: text('subject_title').notNull().default(''),
    aReadId: integer('a_read_id').notNull().default(0),
    bReadId: integer('b_read_id').notNull().default(0),
    lastMessageId: integer('last_message_id'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    /** Support: the customer wrote last and no admin has answered yet. */
    awaitingStaff: boolean('awaiting_staff').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('chat_threads_kind', sql`${t.kind} in ('support', 'direct')`),
    check(
      'chat_threads_parties',
      sql`(${t.kind} = 'support' and ${t.userB} is null and ${t.subjectType} is null
           and (${t.userA} is null) <> (${t.guestId} is null))
          or (${t.kind} = 'direct' and ${t.userA} is not null and ${t.userB} is not null
           and ${t.guestId} is null and ${t.userA} <> ${t.userB}
           and ${t.subjectType} in ('product', 'order', 'request') and ${t.subjectId} is not null)`,
    ),
    uniqueIndex('chat_threads_support_user')
      .on(t.userA)
      .where(sql`${t.kind} = 'support'`),
    uniqueIndex('chat_threads_support_guest')
      .on(t.guestId)
      .where(sql`${t.kind} = 'support'`),
    uniqueIndex('chat_threads_direct_pair').on(t.userA, t.userB, t.subjectType, t.subjectId),
    index('chat_threads_a_idx').on(t.userA, t.lastMessageId),
    index('chat_threads_b_idx').on(t.userB, t.lastMessageId),
    index('chat_threads_awaiting_idx')
      .on(t.lastMessageId)
      .where(sql`${t.kind} = 'support' and ${t.awaitingStaff}`),
  ],
);

/**
 * One message. `client_key` is the browser's idempotency key: a message queued offline and sent
 * again after a reconnect is stored once (unique per thread). `hidden_from_b`/`hidden_from_a`:
 * written by a user the recipient had blocked, so never shown or counted for the recipient.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    threadId: integer('thread_id')
      .notNull()
      .references(() => chatThreads.id, { onDelete: 'cascade' }),
    /** a | b: which side wrote it (support: a is the customer, b the staff). */
    side: text('side').notNull(),
    /** The writer when signed in (for staff, the admin who answered). */
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    clientKey: text('client_key'),
    /** The other side has blocked the writer: stored for staff, never shown to the other side. */
    hidden: boolean('hidden').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('chat_messages_side', sql`${t.side} in ('a', 'b')`),
    check(
      'chat_messages_body',
      sql`char_length(${t.body}) between 1 and ${sql.raw(String(CHAT_MESSAGE_MAX))}`,
    ),
    uniqueIndex('chat_messages_client_key').on(t.threadId, t.clientKey),
    index('chat_messages_thread_idx').on(t.threadId, t.id),
  ],
);

/** A report of a message by a participant; staff see unresolved ones in the support inbox. */
export const chatReports = pgTable(
  'chat_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    messageId: integer('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull().default(''),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_reports_once').on(t.messageId, t.reporterId),
    index('chat_reports_open_idx')
      .on(t.id)
      .where(sql`${t.resolvedAt} is null`),
  ],
);

/** A user who blocked another: the blocked user's messages no longer reach the blocker. */
export const chatBlocks = pgTable(
  'chat_blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] })],
);
