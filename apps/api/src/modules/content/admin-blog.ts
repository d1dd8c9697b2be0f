import type { FastifyInstance } from 'fastify';
import { eq, sql, type SQL } from 'drizzle-orm';
import { rows, schema as s, type Db } from '@sf/db';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/limits.ts';
import { Id, Int, Obj, Text, idParam, nullable, okStatus as ok } from '../../lib/schemas.ts';
import type { SessionUser } from '../../lib/session.ts';
import { transaction } from '../../lib/tx.ts';
import { changedFields, recordAudit } from '../audit/service.ts';
import { Confirm, Note } from '../admin/schemas.ts';
import { like, page, requireConfirm } from '../admin/common.ts';
import { iso } from '../../lib/time.ts';
import { blogCoverUrl } from '../images/urls.ts';
import { coverKey } from './covers.ts';
import { adminCategory, adminComment, adminPost, adminPostFull } from './admin-schemas.ts';
import { plural } from '@sf/shared';

// Staff write the blog (decision 0019): posts are drafts until published, in the restricted Markdown
// the public post renders as text (components/rich-text.tsx), so no post can carry HTML or
// script. Categories are kept here too, and comments are moderated after they show: staff hide,
// approve (keep, or show again) or delete them. Every change is audited in its transaction.

const str = { type: 'string' } as const;
const int = { type: 'integer' } as const;
const bool = { type: 'boolean' } as const;

const SLUG = '^[a-z0-9-]{1,100}$';
const COLOR = '^#[0-9A-Fa-f]{6}$';
const DEFAULT_COLOR = '#1E88E5';

/** 'Harmattan: 5 checks!' → 'harmattan-5-checks'; a slug of digits only would read as an id. */
export function slugOf(text: string) {
  const base = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 90)
    .replace(/-+$/, '');
  if (!base) return '';
  return /^\d+$/.test(base) ? `post-${base}` : base;
}

// ---- Schemas ----

const listOf = <const T extends object>(item: T) =>
  Obj({ status: ok, items: { type: 'array', items: item }, lastId: nullable(int) });
const oneOf = <const T extends object>(item: T) =>
  Obj({ status: ok, message: str, item }, ['message']);

const postFields = {
  title: Text({ minLength: 3, maxLength: 160 }),
  slug: Text({
    maxLength: 100,
    pattern: `^$|${SLUG}`,
    description: 'Made from the title if empty',
  }),
  categoryId: Id(),
  author: Text({ maxLength: 80 }),
  excerpt: Text({ maxLength: 400, multiline: true }),
  body: Text({ maxLength: 40_000, multiline: true }),
  coverColor: Text({ maxLength: 7, pattern: COLOR }),
  note: Text({ maxLength: 500 }),
} as const;
const createPostBody = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'categoryId', 'excerpt', 'body'],
  properties: postFields,
} as const;
const updatePostBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: postFields,
} as const;
const publishBody = {
  type: 'object',
  additionalProperties: false,
  required: ['published'],
  properties: { published: bool, note: Text({ maxLength: 500 }) },
} as const;
const postsQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    q: Text({ maxLength: 100 }),
    state: { type: 'string', enum: ['draft', 'published', ''] },
    lastId: Id(),
    pagesize: Int({ minimum: 1, maximum: 50 }),
  },
} as const;
const categoryFields = {
  name: Text({ minLength: 2, maxLength: 60 }),
  slug: Text({ maxLength: 60, pattern: '^$|^[a-z0-9-]{1,60}$' }),
  note: Text({ maxLength: 500 }),
} as const;
const commentsQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    state: {
      type: 'string',
      enum: ['new', 'hidden', 'approved', 'all', ''],
      description: 'new: neither approved nor hidden yet (the default)',
    },
    postId: Id(),
    lastId: Id(),
    pagesize: Int({ minimum: 1, maximum: 50 }),
  },
} as const;

// ---- Reading ----

interface PostRowSql {
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

async function postRows(db: Db, where: SQL[], limit: number, withBody = false) {
  return rows<PostRowSql>(
    db,
    sql`select p.id, p.slug, p.title, p.category_id, c.name as category_name, p.author, p.excerpt,
          p.cover_color, p.cover_key, p.published_at, p.updated_at,
          (select count(*)::int from blog_comments bc where bc.post_id = p.id) as comments
          ${withBody ? sql`, p.body` : sql``}
        from blog_posts p join blog_categories c on c.id = p.category_id
        ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}
        order by p.id desc limit ${limit}`,
  );
}

const toPost = (r: PostRowSql) => ({
  id: r.id,
  slug: r.slug,
  title: r.title,
  categoryId: r.category_id,
  categoryName: r.category_name,
  author: r.author,
  excerpt: r.excerpt,
  coverColor: r.cover_color,
  coverUrl: blogCoverUrl(r.cover_key),
  published: r.published_at !== null,
  publishedAt: iso(r.published_at),
  updatedAt: iso(r.updated_at)!,
  comments: r.comments,
  url: `/blogs/blog/${r.slug}`,
});

async function onePost(db: Db, id: number) {
  const [r] = await postRows(db, [sql`p.id = ${id}`], 1, true);
  if (!r) throw notFound(`No blog post with id ${id}`);
  return { ...toPost(r), body: r.body! };
}

async function categoryName(db: Db, id: number) {
  const [c] = await db
    .select({ name: s.blogCategories.name })
    .from(s.blogCategories)
    .where(eq(s.blogCategories.id, id));
  if (!c) throw badRequest(`No blog category with id ${id}`);
  return c.name;
}

/** A unique slug refused by the database, said in words. */
async function slugTaken<T>(what: string, fn: () => Promise<T>) {
  try {
    return await fn();
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(`That ${what} is taken: choose another`);
    throw e;
  }
}

interface PostInput {
  title?: string;
  slug?: string;
  categoryId?: number;
  author?: string;
  excerpt?: string;
  body?: string;
  coverColor?: string;
  note?: string;
}

const AUDITED = ['title', 'slug', 'categoryId', 'author', 'excerpt', 'body', 'coverColor'] as const;

export const adminBlogService = {
  async posts(db: Db, q: { q?: string; state?: string; lastId?: number; pagesize?: number }) {
    const where: SQL[] = [];
    const text = q.q?.trim();
    if (text) where.push(sql`(p.title ilike ${like(text)} or p.slug ilike ${like(text)})`);
    if (q.state === 'draft') where.push(sql`p.published_at is null`);
    if (q.state === 'published') where.push(sql`p.published_at is not null`);
    if (q.lastId) where.push(sql`p.id < ${q.lastId}`);
    const size = q.pagesize ?? 50;
    return page((await postRows(db, where, size + 1)).map(toPost), size);
  },

  post: onePost,

  /** A new post is a draft: it shows nowhere until published. */
  create: (db: Db, me: SessionUser, input: PostInput) =>
    transaction(db, async (tx) => {
      const title = input.title!.trim();
      const slug = input.slug || slugOf(title);
      if (!slug) throw badRequest('Give the post a title with letters or digits, or a slug');
      const color = (input.coverColor ?? DEFAULT_COLOR).toUpperCase();
      const values = {
        slug,
        title,
        categoryId: input.categoryId!,
        author: input.author?.trim() || me.name,
        excerpt: input.excerpt!.trim(),
        body: input.body!.replace(/\r\n/g, '\n').trim(),
        coverColor: color,
        coverKey: coverKey(slug, color, title, await categoryName(tx, input.categoryId!)),
        publishedAt: null,
      };
      const [row] = await slugTaken('slug', () =>
        tx.insert(s.blogPosts).values(values).returning({ id: s.blogPosts.id }),
      );
      const { coverKey: _k, publishedAt: _p, ...after } = values;
      await recordAudit(tx, {
        actorId: me.id,
        action: 'post.create',
        targetType: 'post',
        targetId: row.id,
        after,
        note: input.note,
      });
      return onePost(tx, row.id);
    }),

  update: (db: Db, me: SessionUser, id: number, input: PostInput) =>
    transaction(db, async (tx) => {
      const [locked] = await tx
        .select()
        .from(s.blogPosts)
        .where(eq(s.blogPosts.id, id))
        .for('update');
      if (!locked) throw notFound(`No blog post with id ${id}`);
      const next = {
        title: input.title?.trim() ?? locked.title,
        slug: input.slug || locked.slug,
        categoryId: input.categoryId ?? locked.categoryId,
        author: input.author?.trim() || locked.author,
        excerpt: input.excerpt?.trim() ?? locked.excerpt,
        body: input.body !== undefined ? input.body.replace(/\r\n/g, '\n').trim() : locked.body,
        coverColor: (input.coverColor ?? locked.coverColor).toUpperCase(),
      };
      const before = Object.fromEntries(AUDITED.map((k) => [k, locked[k]]));
      const diff = changedFields(before, next);
      if (!Object.keys(diff.after).length) throw badRequest('Nothing to change');
      await slugTaken('slug', () =>
        tx
          .update(s.blogPosts)
          .set({ ...next, updatedAt: new Date() })
          .where(eq(s.blogPosts.id, id)),
      );
      // The cover names what it draws: a new title, colour or category draws a new one.
      const key = coverKey(
        next.slug,
        next.coverColor,
        next.title,
        await categoryName(tx, next.categoryId),
      );
      if (key !== locked.coverKey)
        await tx.update(s.blogPosts).set({ coverKey: key }).where(eq(s.blogPosts.id, id));
      await recordAudit(tx, {
        actorId: me.id,
        action: 'post.update',
        targetType: 'post',
        targetId: id,
        ...diff,
        note: input.note,
      });
      return onePost(tx, id);
    }),

  /** Publishing dates the post now (it goes to the top of the blog); unpublishing takes it down. */
  publish: (db: Db, me: SessionUser, id: number, published: boolean, note?: string) =>
    transaction(db, async (tx) => {
      const [locked] = await tx
        .select({ publishedAt: s.blogPosts.publishedAt })
        .from(s.blogPosts)
        .where(eq(s.blogPosts.id, id))
        .for('update');
      if (!locked) throw notFound(`No blog post with id ${id}`);
      if ((locked.publishedAt !== null) === published)
        throw conflict(`This post is already ${published ? 'published' : 'a draft'}`);
      const at = published ? new Date() : null;
      await tx
        .update(s.blogPosts)
        .set({ publishedAt: at, updatedAt: new Date() })
        .where(eq(s.blogPosts.id, id));
      await recordAudit(tx, {
        actorId: me.id,
        action: published ? 'post.publish' : 'post.unpublish',
        targetType: 'post',
        targetId: id,
        before: { publishedAt: iso(locked.publishedAt) },
        after: { publishedAt: iso(at) },
        note,
      });
      return onePost(tx, id);
    }),

  categories: (db: Db) =>
    rows<{ id: number; name: string; slug: string; posts: number }>(
      db,
      sql`select c.id, c.name, c.slug,
            (select count(*)::int from blog_posts p where p.category_id = c.id) as posts
          from blog_categories c order by c.name`,
    ),

  /** Ids of blog categories are small and chosen here: the seeded ones come from the content file. */
  createCategory: (
    db: Db,
    me: SessionUser,
    input: { name: string; slug?: string; note?: string },
  ) =>
    transaction(db, async (tx) => {
      const name = input.name.trim();
      const slug = input.slug || slugOf(name);
      if (!slug) throw badRequest('Give the category a name with letters or digits');
      // Two staff adding at once take turns for the next id.
      await tx.execute(sql`lock table blog_categories in share row exclusive mode`);
      const [{ next }] = await rows<{ next: number }>(
        tx,
        sql`select coalesce(max(id), 0)::int + 1 as next from blog_categories`,
      );
      await slugTaken('name or slug', () =>
        tx.insert(s.blogCategories).values({ id: next, name, slug }),
      );
      await recordAudit(tx, {
        actorId: me.id,
        action: 'blogcategory.create',
        targetType: 'blogcategory',
        targetId: next,
        after: { name, slug },
        note: input.note,
      });
      return { id: next, name, slug, posts: 0 };
    }),

  updateCategory: (
    db: Db,
    me: SessionUser,
    id: number,
    input: { name?: string; slug?: string; note?: string },
  ) =>
    transaction(db, async (tx) => {
      const [c] = await tx
        .select()
        .from(s.blogCategories)
        .where(eq(s.blogCategories.id, id))
        .for('update');
      if (!c) throw notFound(`No blog category with id ${id}`);
      const next = { name: input.name?.trim() || c.name, slug: input.slug || c.slug };
      const diff = changedFields({ name: c.name, slug: c.slug }, next);
      if (!Object.keys(diff.after).length) throw badRequest('Nothing to change');
      await slugTaken('name or slug', () =>
        tx.update(s.blogCategories).set(next).where(eq(s.blogCategories.id, id)),
      );
      // Covers draw the category's name: its posts get covers of the new name.
      if (next.name !== c.name) {
        const posts = await tx
          .select({
            id: s.blogPosts.id,
            slug: s.blogPosts.slug,
            title: s.blogPosts.title,
            color: s.blogPosts.coverColor,
          })
          .from(s.blogPosts)
          .where(eq(s.blogPosts.categoryId, id));
        for (const p of posts)
          await tx
            .update(s.blogPosts)
            .set({ coverKey: coverKey(p.slug, p.color, p.title, next.name) })
            .where(eq(s.blogPosts.id, p.id));
      }
      await recordAudit(tx, {
        actorId: me.id,
        action: 'blogcategory.update',
        targetType: 'blogcategory',
        targetId: id,
        ...diff,
        note: input.note,
      });
      const [out] = (await adminBlogService.categories(tx)).filter((x) => x.id === id);
      return out;
    }),

  /** Only an empty category goes: its posts would have nowhere to show. */
  deleteCategory: (db: Db, me: SessionUser, id: number, confirm: unknown, note?: string) => {
    requireConfirm(confirm, 'delete this blog category');
    return transaction(db, async (tx) => {
      const [c] = await tx
        .select()
        .from(s.blogCategories)
        .where(eq(s.blogCategories.id, id))
        .for('update');
      if (!c) throw notFound(`No blog category with id ${id}`);
      const [{ n }] = await rows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from blog_posts where category_id = ${id}`,
      );
      if (n > 0)
        throw conflict(`${c.name} has ${plural(n, 'post')}: move them to another category first`);
      await tx.delete(s.blogCategories).where(eq(s.blogCategories.id, id));
      await recordAudit(tx, {
        actorId: me.id,
        action: 'blogcategory.delete',
        targetType: 'blogcategory',
        targetId: id,
        before: { name: c.name, slug: c.slug },
        note,
      });
      return { message: `${c.name} deleted` };
    });
  },

  async comments(
    db: Db,
    q: { state?: string; postId?: number; lastId?: number; pagesize?: number },
  ) {
    const where: SQL[] = [];
    const state = q.state || 'new';
    if (state === 'new') where.push(sql`bc.hidden_at is null and bc.approved_at is null`);
    if (state === 'hidden') where.push(sql`bc.hidden_at is not null`);
    if (state === 'approved') where.push(sql`bc.approved_at is not null and bc.hidden_at is null`);
    if (q.postId) where.push(sql`bc.post_id = ${q.postId}`);
    if (q.lastId) where.push(sql`bc.id < ${q.lastId}`);
    const size = q.pagesize ?? 50;
    const list = await commentRows(db, where, size + 1);
    return page(list, size);
  },

  /** hide: off the public post; approve: kept (and shown again if it was hidden). */
  moderate: (db: Db, me: SessionUser, id: number, to: 'hide' | 'approve', note?: string) =>
    transaction(db, async (tx) => {
      const [c] = await tx
        .select({ hiddenAt: s.blogComments.hiddenAt, approvedAt: s.blogComments.approvedAt })
        .from(s.blogComments)
        .where(eq(s.blogComments.id, id))
        .for('update');
      if (!c) throw notFound(`No comment with id ${id}`);
      const before = { hidden: c.hiddenAt !== null, approved: c.approvedAt !== null };
      const after =
        to === 'hide' ? { hidden: true, approved: false } : { hidden: false, approved: true };
      if (before.hidden === after.hidden && before.approved === after.approved)
        throw conflict(`This comment is already ${to === 'hide' ? 'hidden' : 'approved'}`);
      const now = new Date();
      await tx
        .update(s.blogComments)
        .set(
          to === 'hide' ? { hiddenAt: now, approvedAt: null } : { hiddenAt: null, approvedAt: now },
        )
        .where(eq(s.blogComments.id, id));
      await recordAudit(tx, {
        actorId: me.id,
        action: `comment.${to}`,
        targetType: 'comment',
        targetId: id,
        before,
        after,
        note,
      });
      const [item] = await commentRows(tx, [sql`bc.id = ${id}`], 1);
      return item;
    }),

  deleteComment: (db: Db, me: SessionUser, id: number, confirm: unknown, note?: string) => {
    requireConfirm(confirm, 'delete this comment');
    return transaction(db, async (tx) => {
      const [item] = await commentRows(tx, [sql`bc.id = ${id}`], 1, true);
      if (!item) throw notFound(`No comment with id ${id}`);
      await tx.delete(s.blogComments).where(eq(s.blogComments.id, id));
      // The entry keeps what was said: the comment itself is gone.
      await recordAudit(tx, {
        actorId: me.id,
        action: 'comment.delete',
        targetType: 'comment',
        targetId: id,
        before: { postId: item.postId, author: item.authorEmail, body: item.body },
        note,
      });
      return { message: 'Comment deleted' };
    });
  },
};

async function commentRows(db: Db, where: SQL[], limit: number, lock = false) {
  const list = await rows<{
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
  }>(
    db,
    sql`select bc.id, bc.post_id, p.title as post_title, p.slug as post_slug, bc.body,
          u.name as author_name, u.email as author_email, bc.created_at, bc.hidden_at, bc.approved_at
        from blog_comments bc join blog_posts p on p.id = bc.post_id join users u on u.id = bc.user_id
        ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}
        order by bc.id desc limit ${limit} ${lock ? sql`for update of bc` : sql``}`,
  );
  return list.map((r) => ({
    id: r.id,
    postId: r.post_id,
    postTitle: r.post_title,
    postSlug: r.post_slug,
    body: r.body,
    authorName: r.author_name,
    authorEmail: r.author_email,
    createdAt: iso(r.created_at)!,
    hidden: r.hidden_at !== null,
    approved: r.approved_at !== null,
  }));
}

// ---- Routes ----

export default async function adminBlogRoutes(app: FastifyInstance) {
  const tags = ['admin'];
  const db = app.db;
  const id = idParam();

  app.get<{ Querystring: { q?: string; state?: string; lastId?: number; pagesize?: number } }>(
    '/api/admin/blog/posts',
    {
      schema: {
        tags,
        summary: 'Blog posts with drafts, newest first; filter by text and state',
        querystring: postsQuery,
        response: { 200: listOf(adminPost) },
      },
    },
    async (req) => ({ status: true as const, ...(await adminBlogService.posts(db, req.query)) }),
  );
  app.get<{ Params: { id: number } }>(
    '/api/admin/blog/posts/:id',
    {
      schema: {
        tags,
        summary: 'One blog post with its body, for editing',
        params: id,
        response: { 200: oneOf(adminPostFull) },
      },
    },
    async (req) => ({ status: true as const, item: await onePost(db, req.params.id) }),
  );
  app.post<{ Body: PostInput }>(
    '/api/admin/blog/posts',
    {
      schema: {
        tags,
        summary: 'Writes a new blog post as a draft (restricted Markdown body, never HTML)',
        body: createPostBody,
        response: { 201: oneOf(adminPostFull) },
      },
    },
    async (req, reply) =>
      reply.status(201).send({
        status: true,
        message: 'Draft saved: publish it when it is ready',
        item: await adminBlogService.create(db, req.user!, req.body),
      }),
  );
  app.patch<{ Params: { id: number }; Body: PostInput }>(
    '/api/admin/blog/posts/:id',
    {
      schema: {
        tags,
        summary: 'Changes a blog post (any field)',
        params: id,
        body: updatePostBody,
        response: { 200: oneOf(adminPostFull) },
      },
    },
    async (req) => ({
      status: true as const,
      message: 'Saved',
      item: await adminBlogService.update(db, req.user!, req.params.id, req.body),
    }),
  );
  app.post<{ Params: { id: number }; Body: { published: boolean; note?: string } }>(
    '/api/admin/blog/posts/:id/publish',
    {
      schema: {
        tags,
        summary: 'Publishes a draft (dated now, shown on the blog) or takes a post down',
        params: id,
        body: publishBody,
        response: { 200: oneOf(adminPostFull) },
      },
    },
    async (req) => {
      const item = await adminBlogService.publish(
        db,
        req.user!,
        req.params.id,
        req.body.published,
        req.body.note,
      );
      return {
        status: true as const,
        message: item.published ? 'Published: it shows on the blog now' : 'Taken down: now a draft',
        item,
      };
    },
  );

  app.get(
    '/api/admin/blog/categories',
    {
      schema: {
        tags,
        summary: 'Blog categories with their post counts',
        response: { 200: Obj({ status: ok, items: { type: 'array', items: adminCategory } }) },
      },
    },
    async () => ({ status: true as const, items: await adminBlogService.categories(db) }),
  );
  app.post<{ Body: { name: string; slug?: string; note?: string } }>(
    '/api/admin/blog/categories',
    {
      schema: {
        tags,
        summary: 'Adds a blog category',
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['name'],
          properties: categoryFields,
        },
        response: { 201: oneOf(adminCategory) },
      },
    },
    async (req, reply) => {
      const item = await adminBlogService.createCategory(db, req.user!, req.body);
      return reply.status(201).send({ status: true, message: `${item.name} added`, item });
    },
  );
  app.patch<{ Params: { id: number }; Body: { name?: string; slug?: string; note?: string } }>(
    '/api/admin/blog/categories/:id',
    {
      schema: {
        tags,
        summary: 'Renames a blog category or changes its slug',
        params: id,
        body: {
          type: 'object',
          additionalProperties: false,
          minProperties: 1,
          properties: categoryFields,
        },
        response: { 200: oneOf(adminCategory) },
      },
    },
    async (req) => ({
      status: true as const,
      message: 'Saved',
      item: await adminBlogService.updateCategory(db, req.user!, req.params.id, req.body),
    }),
  );
  app.post<{ Params: { id: number }; Body: { confirm?: unknown; note?: string } }>(
    '/api/admin/blog/categories/:id/delete',
    {
      schema: {
        tags,
        summary: 'Deletes an empty blog category (needs confirm)',
        params: id,
        body: {
          type: 'object',
          additionalProperties: false,
          properties: { confirm: Confirm, note: Text({ maxLength: 500 }) },
        },
        response: { 200: Obj({ status: ok, message: str }) },
      },
    },
    async (req) => ({
      status: true as const,
      ...(await adminBlogService.deleteCategory(
        db,
        req.user!,
        req.params.id,
        req.body?.confirm,
        req.body?.note,
      )),
    }),
  );

  app.get<{ Querystring: { state?: string; postId?: number; lastId?: number; pagesize?: number } }>(
    '/api/admin/blog/comments',
    {
      schema: {
        tags,
        summary: 'Blog comments to moderate, newest first (new, hidden, approved or all)',
        querystring: commentsQuery,
        response: { 200: listOf(adminComment) },
      },
    },
    async (req) => ({ status: true as const, ...(await adminBlogService.comments(db, req.query)) }),
  );
  for (const to of ['hide', 'approve'] as const)
    app.post<{ Params: { id: number }; Body: { note?: string } }>(
      `/api/admin/blog/comments/:id/${to}`,
      {
        schema: {
          tags,
          summary:
            to === 'hide'
              ? 'Hides a comment from the public post (a note says why)'
              : 'Approves a comment: it stays (or shows again if hidden)',
          params: id,
          body: {
            type: 'object',
            additionalProperties: false,
            required: to === 'hide' ? ['note'] : [],
            properties: { note: to === 'hide' ? Note : Text({ maxLength: 500 }) },
          },
          response: { 200: oneOf(adminComment) },
        },
      },
      async (req) => ({
        status: true as const,
        message: to === 'hide' ? 'Comment hidden' : 'Comment approved',
        item: await adminBlogService.moderate(db, req.user!, req.params.id, to, req.body?.note),
      }),
    );
  app.post<{ Params: { id: number }; Body: { confirm?: unknown; note: string } }>(
    '/api/admin/blog/comments/:id/delete',
    {
      schema: {
        tags,
        summary: 'Deletes a comment for good (needs confirm and a note)',
        params: id,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['note'],
          properties: { confirm: Confirm, note: Note },
        },
        response: { 200: Obj({ status: ok, message: str }) },
      },
    },
    async (req) => ({
      status: true as const,
      ...(await adminBlogService.deleteComment(
        db,
        req.user!,
        req.params.id,
        req.body.confirm,
        req.body.note,
      )),
    }),
  );
}
