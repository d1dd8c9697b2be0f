import { eq, sql, type SQL } from 'drizzle-orm';
import { rows, schema as s, type Db } from '@sf/db';
import { like } from '../admin/common.ts';

// The staff side of the blog: posts with drafts, categories and comments to moderate.

export interface AdminPostRow {
  id: number;
  slug: string;
  title: string;
  category_id: number;
  category_name: string;
  author: string;
  excerpt: string;
  cover_color: string;
  cover_key: string;
  published_at: Date | string | null;
  updated_at: Date | string;
  comments: number;
  body?: string;
}

export interface AdminCommentRow {
  id: number;
  post_id: number;
  post_title: string;
  post_slug: string;
  body: string;
  author_name: string;
  author_email: string;
  created_at: Date | string;
  hidden_at: Date | string | null;
  approved_at: Date | string | null;
}

export interface PostFilter {
  id?: number;
  q?: string;
  state?: string;
  lastId?: number;
}

export interface CommentFilter {
  id?: number;
  /** new: neither approved nor hidden; hidden; approved (and shown); anything else: all. */
  state?: string;
  postId?: number;
  lastId?: number;
}

export type NewPost = typeof s.blogPosts.$inferInsert;
export type PostChange = Partial<typeof s.blogPosts.$inferInsert>;

const whereOf = (where: SQL[]) =>
  where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;

export function adminBlogRepository(db: Db) {
  return {
    posts(f: PostFilter, limit: number, withBody = false) {
      const where: SQL[] = [];
      if (f.id !== undefined) where.push(sql`p.id = ${f.id}`);
      const text = f.q?.trim();
      if (text) where.push(sql`(p.title ilike ${like(text)} or p.slug ilike ${like(text)})`);
      if (f.state === 'draft') where.push(sql`p.published_at is null`);
      if (f.state === 'published') where.push(sql`p.published_at is not null`);
      if (f.lastId) where.push(sql`p.id < ${f.lastId}`);
      return rows<AdminPostRow>(
        db,
        sql`select p.id, p.slug, p.title, p.category_id, c.name as category_name, p.author, p.excerpt,
          p.cover_color, p.cover_key, p.published_at, p.updated_at,
          (select count(*)::int from blog_comments bc where bc.post_id = p.id) as comments
          ${withBody ? sql`, p.body` : sql``}
        from blog_posts p join blog_categories c on c.id = p.category_id
        ${whereOf(where)}
        order by p.id desc limit ${limit}`,
      );
    },

    async categoryName(id: number): Promise<string | undefined> {
      const [c] = await db
        .select({ name: s.blogCategories.name })
        .from(s.blogCategories)
        .where(eq(s.blogCategories.id, id));
      return c?.name;
    },

    insertPost: (values: NewPost) =>
      db.insert(s.blogPosts).values(values).returning({ id: s.blogPosts.id }),

    /** The post, locked for the rest of the transaction. */
    lockPost: async (id: number) =>
      (await db.select().from(s.blogPosts).where(eq(s.blogPosts.id, id)).for('update'))[0],

    updatePost: (id: number, set: PostChange) =>
      db.update(s.blogPosts).set(set).where(eq(s.blogPosts.id, id)),

    postsOfCategory: (categoryId: number) =>
      db
        .select({
          id: s.blogPosts.id,
          slug: s.blogPosts.slug,
          title: s.blogPosts.title,
          color: s.blogPosts.coverColor,
        })
        .from(s.blogPosts)
        .where(eq(s.blogPosts.categoryId, categoryId)),

    async countPostsIn(categoryId: number) {
      const [{ n }] = await rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from blog_posts where category_id = ${categoryId}`,
      );
      return n;
    },

    categories: () =>
      rows<{ id: number; name: string; slug: string; posts: number }>(
        db,
        sql`select c.id, c.name, c.slug,
            (select count(*)::int from blog_posts p where p.category_id = c.id) as posts
          from blog_categories c order by c.name`,
      ),

    /** The next category id; two staff adding at once take turns until the transaction ends. */
    async nextCategoryId() {
      await db.execute(sql`lock table blog_categories in share row exclusive mode`);
      const [{ next }] = await rows<{ next: number }>(
        db,
        sql`select coalesce(max(id), 0)::int + 1 as next from blog_categories`,
      );
      return next;
    },

    insertCategory: (values: { id: number; name: string; slug: string }) =>
      db.insert(s.blogCategories).values(values),

    lockCategory: async (id: number) =>
      (
        await db.select().from(s.blogCategories).where(eq(s.blogCategories.id, id)).for('update')
      )[0],

    updateCategory: (id: number, set: { name: string; slug: string }) =>
      db.update(s.blogCategories).set(set).where(eq(s.blogCategories.id, id)),

    deleteCategory: (id: number) => db.delete(s.blogCategories).where(eq(s.blogCategories.id, id)),

    comments(f: CommentFilter, limit: number, lock = false) {
      const where: SQL[] = [];
      if (f.id !== undefined) where.push(sql`bc.id = ${f.id}`);
      if (f.state === 'new') where.push(sql`bc.hidden_at is null and bc.approved_at is null`);
      if (f.state === 'hidden') where.push(sql`bc.hidden_at is not null`);
      if (f.state === 'approved')
        where.push(sql`bc.approved_at is not null and bc.hidden_at is null`);
      if (f.postId) where.push(sql`bc.post_id = ${f.postId}`);
      if (f.lastId) where.push(sql`bc.id < ${f.lastId}`);
      return rows<AdminCommentRow>(
        db,
        sql`select bc.id, bc.post_id, p.title as post_title, p.slug as post_slug, bc.body,
          u.name as author_name, u.email as author_email, bc.created_at, bc.hidden_at, bc.approved_at
        from blog_comments bc join blog_posts p on p.id = bc.post_id join users u on u.id = bc.user_id
        ${whereOf(where)}
        order by bc.id desc limit ${limit} ${lock ? sql`for update of bc` : sql``}`,
      );
    },

    lockCommentState: async (id: number) =>
      (
        await db
          .select({ hiddenAt: s.blogComments.hiddenAt, approvedAt: s.blogComments.approvedAt })
          .from(s.blogComments)
          .where(eq(s.blogComments.id, id))
          .for('update')
      )[0],

    setCommentState: (id: number, set: { hiddenAt: Date | null; approvedAt: Date | null }) =>
      db.update(s.blogComments).set(set).where(eq(s.blogComments.id, id)),

    deleteComment: (id: number) => db.delete(s.blogComments).where(eq(s.blogComments.id, id)),
  };
}
