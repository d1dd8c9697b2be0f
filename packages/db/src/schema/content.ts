import {
  pgTable,
  integer,
  text,
  timestamp,
  uuid,
  index,
  primaryKey,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './auth.ts';

/** Blog categories: ids come from the committed content file, so they are stable. */
export const blogCategories = pgTable('blog_categories', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  slug: text('slug').notNull().unique(),
});

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => blogCategories.id),
    author: text('author').notNull(),
    /** Null while the post is a draft: only published posts are public. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    excerpt: text('excerpt').notNull(),
    /** Background colour of the generated cover (#rrggbb). */
    coverColor: text('cover_color').notNull(),
    /** Names the generated cover image; changes with its colour and title, so the image can be cached for ever. */
    coverKey: text('cover_key').notNull().unique(),
    /** Restricted Markdown: paragraphs, '## ' subheadings, '- ' bullets and **bold**; never HTML. */
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('blog_posts_published_idx').on(t.publishedAt, t.id),
    index('blog_posts_category_idx').on(t.categoryId, t.publishedAt, t.id),
  ],
);

export const blogComments = pgTable(
  'blog_comments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    postId: integer('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Plain text, shown as text: never rendered as HTML. */
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when staff hide the comment: it leaves the public post. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** Set when staff have read the comment and keep it (approve). */
    approvedAt: timestamp('approved_at', { withTimezone: true }),
  },
  (t) => [
    index('blog_comments_post_idx').on(t.postId, t.id),
    index('blog_comments_user_idx').on(t.userId, t.createdAt),
  ],
);

/** The product's help pages (/static/{slug}): loaded from the committed content file at start-up. */
export const staticPages = pgTable('static_pages', {
  slug: text('slug').primaryKey(),
  title: text('title').notNull(),
  summary: text('summary').notNull(),
  body: text('body').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const staticSections = pgTable(
  'static_sections',
  {
    slug: text('slug')
      .notNull()
      .references(() => staticPages.slug, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    heading: text('heading').notNull(),
    body: text('body').notNull(),
  },
  (t) => [primaryKey({ columns: [t.slug, t.position] })],
);

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** Always stored lower-cased and trimmed: one row per address. */
    email: text('email').notNull(),
    source: text('source').notNull().default('footer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('newsletter_subscribers_email_uq').on(t.email)],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    ip: text('ip').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when staff mark the message answered (they reply by e-mail). */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: uuid('answered_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('contact_messages_ip_idx').on(t.ip, t.createdAt),
    // The unanswered messages staff work through (and their count in the admin layout).
    index('contact_messages_unanswered_idx')
      .on(t.createdAt)
      .where(sql`${t.answeredAt} is null`),
  ],
);
