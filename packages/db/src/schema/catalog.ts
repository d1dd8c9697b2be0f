import { pgTable, integer, text, index } from 'drizzle-orm/pg-core';

/** Two-level part-category tree: parent_id 0 marks a top category. */
export const categories = pgTable(
  'categories',
  {
    catId: integer('cat_id').primaryKey(),
    parentId: integer('parent_id').notNull().default(0),
    name: text('name').notNull(),
    path: text('path').notNull().unique(),
    image: text('image').notNull(),
    keywords: text('keywords').array().notNull().default([]),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('categories_parent_idx').on(t.parentId, t.position)],
);
