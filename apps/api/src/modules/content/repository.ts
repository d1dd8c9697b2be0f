import { and, asc, count, desc, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { schema as s, type Db } from '@sf/db';

const postColumns = {
  id: s.blogPosts.id,
  slug: s.blogPosts.slug,
  title: s.blogPosts.title,
  excerpt: s.blogPosts.excerpt,
  author: s.blogPosts.author,
  publishedAt: s.blogPosts.publishedAt,
  coverKey: s.blogPosts.coverKey,
  coverColor: s.blogPosts.coverColor,
  categoryId: s.blogCategories.id,
  categoryName: s.blogCategories.name,
  categorySlug: s.blogCategories.slug,
};
export type PostRow = {
  [K in Exclude<keyof typeof postColumns, 'publishedAt'>]: (typeof postColumns)[K]['_']['data'];
} & { publishedAt: Date | null };

/** Drafts (no publication date yet) are for staff only. */
const published = isNotNull(s.blogPosts.publishedAt);

export const contentRepository = (db: Db) => ({
  categories: () => db.select().from(s.blogCategories).orderBy(asc(s.blogCategories.id)),
  category: (idOrSlug: number | string) =>
    db
      .select()
      .from(s.blogCategories)
      .where(
        typeof idOrSlug === 'number'
          ? eq(s.blogCategories.id, idOrSlug)
          : eq(s.blogCategories.slug, idOrSlug),
      )
      .then((r) => r[0]),

  /** Newest first; after `lastId` when given (cursor on published_at, id). */
  async posts(opts: { categoryId?: number; lastId?: number; limit: number }) {
    const where = [published];
    if (opts.categoryId) where.push(eq(s.blogPosts.categoryId, opts.categoryId));
    if (opts.lastId) {
      const [cur] = await db
        .select({ at: s.blogPosts.publishedAt, id: s.blogPosts.id })
        .from(s.blogPosts)
        .where(and(eq(s.blogPosts.id, opts.lastId), published));
      if (!cur?.at) return null;
      where.push(
        or(
          lt(s.blogPosts.publishedAt, cur.at),
          and(eq(s.blogPosts.publishedAt, cur.at), lt(s.blogPosts.id, cur.id)),
        )!,
      );
    }
    return db
      .select(postColumns)
      .from(s.blogPosts)
      .innerJoin(s.blogCategories, eq(s.blogCategories.id, s.blogPosts.categoryId))
      .where(and(...where))
      .orderBy(desc(s.blogPosts.publishedAt), desc(s.blogPosts.id))
      .limit(opts.limit);
  },
  countPosts: (categoryId?: number) =>
    db
      .select({ n: count() })
      .from(s.blogPosts)
      .where(and(published, categoryId ? eq(s.blogPosts.categoryId, categoryId) : undefined))
      .then((r) => Number(r[0].n)),

  post: (idOrSlug: number | string) =>
    db
      .select({ ...postColumns, body: s.blogPosts.body })
      .from(s.blogPosts)
      .innerJoin(s.blogCategories, eq(s.blogCategories.id, s.blogPosts.categoryId))
      .where(
        and(
          published,
          typeof idOrSlug === 'number'
            ? eq(s.blogPosts.id, idOrSlug)
            : eq(s.blogPosts.slug, idOrSlug),
        ),
      )
      .then((r) => r[0]),
  postByCoverKey: (key: string) =>
    db
      .select({
        title: s.blogPosts.title,
        coverColor: s.blogPosts.coverColor,
        categoryName: s.blogCategories.name,
      })
      .from(s.blogPosts)
      .innerJoin(s.blogCategories, eq(s.blogCategories.id, s.blogPosts.categoryId))
      .where(eq(s.blogPosts.coverKey, key))
      .then((r) => r[0]),

  /** Oldest first: a conversation reads top to bottom (newest last). */
  comments: (postId: number) =>
    db
      .select({
        id: s.blogComments.id,
        body: s.blogComments.body,
        createdAt: s.blogComments.createdAt,
        authorName: s.users.name,
      })
      .from(s.blogComments)
      .innerJoin(s.users, eq(s.users.id, s.blogComments.userId))
      // A comment staff hid has left the post.
      .where(and(eq(s.blogComments.postId, postId), isNull(s.blogComments.hiddenAt)))
      .orderBy(asc(s.blogComments.id))
      .limit(500),
  addComment: (postId: number, userId: string, body: string) =>
    db
      .insert(s.blogComments)
      .values({ postId, userId, body })
      .returning()
      .then((r) => r[0]),

  page: (slug: string) =>
    db
      .select()
      .from(s.staticPages)
      .where(eq(s.staticPages.slug, slug))
      .then((r) => r[0]),
  sections: (slug: string) =>
    db
      .select({
        position: s.staticSections.position,
        heading: s.staticSections.heading,
        body: s.staticSections.body,
      })
      .from(s.staticSections)
      .where(eq(s.staticSections.slug, slug))
      .orderBy(asc(s.staticSections.position)),

  /** Inserts the address once; true when it is new. */
  subscribe: (email: string, source: string) =>
    db
      .insert(s.newsletterSubscribers)
      .values({ email, source })
      .onConflictDoNothing({ target: s.newsletterSubscribers.email })
      .returning({ id: s.newsletterSubscribers.id })
      .then((r) => r.length > 0),

  addContact: (row: typeof s.contactMessages.$inferInsert) =>
    db
      .insert(s.contactMessages)
      .values(row)
      .returning()
      .then((r) => r[0]),
});
export type ContentRepository = ReturnType<typeof contentRepository>;
