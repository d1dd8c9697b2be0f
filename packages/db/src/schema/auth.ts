import {
  pgTable,
  uuid,
  text,
  timestamp,
  boolean,
  index,
  integer,
  primaryKey,
} from 'drizzle-orm/pg-core';
import { cities, states } from './lookups.ts';

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Always stored lower-cased and trimmed; null for an account made with a phone number alone. */
  email: text('email').unique(),
  name: text('name').notNull(),
  /** International form (+234…), unique: an account signs in with it as with its e-mail. */
  phone: text('phone').notNull().unique(),
  /** Buyer, Seller, Mechanic, Tow Van or Admin (staff, never self-registered). */
  role: text('role').notNull(),
  /** Null for an account that signs in by SMS code only (until its owner sets a password). */
  passwordHash: text('password_hash'),
  /** The store (Seller), workshop (Mechanic) or garage (Tow Van) named at registration. */
  businessName: text('business_name'),
  /** Set by staff: a locked account cannot sign in and its sessions were ended (null: open). */
  lockedAt: timestamp('locked_at', { withTimezone: true }),
  /** Where the user shops from (the header's place): lists default to it on every device. */
  stateId: integer('state_id').references(() => states.id),
  cityId: integer('city_id').references(() => cities.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Server-side sessions; the cookie holds a random token, the table only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    // When the session was last used (to a minute): staff sessions end after 30 minutes idle.
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** One-time password reset links: only the SHA-256 of the token is stored; valid 1 hour, once. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_reset_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Every login attempt (never the password). Failed attempts within a window drive the
 * per-account and per-address rate limits, so the limits hold across processes.
 * outcome: success | bad_credentials | rate_limited_account | rate_limited_ip
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    userId: uuid('user_id'),
    outcome: text('outcome').notNull(),
    success: boolean('success').notNull(),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_attempts_email_idx').on(t.email, t.createdAt),
    index('login_attempts_ip_idx').on(t.ip, t.createdAt),
  ],
);

/** Mails written when no SMTP server is configured (SMTP_URL unset): follow links locally. */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_to_idx').on(t.to, t.createdAt)],
);

/**
 * Sign-in codes sent by SMS (decision 0029): only a salted SHA-256 of the code is kept (the row's
 * random id is the salt). A code works for 10 minutes, at most 5 tries (counted by one
 * conditional update, so tries at the same time cannot slip past), once; a new code for the
 * number retires the one before.
 */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** E.164 (+234…), whether or not an account holds it. */
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('phone_codes_phone_idx').on(t.phone, t.createdAt)],
);

/**
 * The browsers (a long-lived `sf_dev` cookie, only its SHA-256 here) a user has signed in on.
 * A sign-in by SMS code from a browser the account has never used, on an account that receives
 * payouts, holds payouts for 24 hours and tells the owner (SIM-swap rule, decision 0029).
 */
export const userDevices = pgTable(
  'user_devices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
);
