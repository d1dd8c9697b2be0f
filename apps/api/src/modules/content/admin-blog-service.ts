import type { Db } from '@sf/db';
import { plural } from '@sf/shared';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/limits.ts';
import type { SessionUser } from '../../lib/session.ts';
import { iso } from '../../lib/time.ts';
import { transaction } from '../../lib/tx.ts';
import { changedFields, recordAudit } from '../audit/service.ts';
import { page, requireConfirm } from '../admin/common.ts';
import { blogCoverUrl } from '../images/urls.ts';
import {
  adminBlogRepository,
  type AdminCommentRow,
  type AdminPostRow,
  type CommentFilter,
} from './admin-blog-repository.ts';
import { coverKey } from './covers.ts';
import type { AdminBlogComment, AdminBlogPost, AdminBlogPostFull } from './types.ts';

// Staff write the blog (decision 0019): posts are drafts until published, in the restricted Markdown
// the public post renders as text (components/rich-text.tsx), so no post can carry HTML or
// script. Categories are kept here too, and comments are moderated after they show: staff hide,
// approve (keep, or show again) or delete them. Every change is audited in its transaction.

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

const toPost = (r: AdminPostRow): AdminBlogPost => ({
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

const toComment = (r: AdminCommentRow): AdminBlogComment => ({
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
});

/** A unique slug refused by the database, said in words. */
async function slugTaken<T>(what: string, fn: () => Promise<T>) {
  try {
    return await fn();
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(`That ${what} is taken: choose another`);
    throw e;
  }
}

export interface PostInput {
  title?: string;
  slug?: string;
  categoryId?: number;
  author?: string;
  excerpt?: string;
  body?: string;
  coverColor?: string;
  note?: string;
}

export interface PostsQuery {
  q?: string;
  state?: string;
  lastId?: number;
  pagesize?: number;
}

export interface CommentsQuery {
  state?: string;
  postId?: number;
  lastId?: number;
  pagesize?: number;
}

const AUDITED = ['title', 'slug', 'categoryId', 'author', 'excerpt', 'body', 'coverColor'] as const;

async function onePost(db: Db, id: number): Promise<AdminBlogPostFull> {
  const [r] = await adminBlogRepository(db).posts({ id }, 1, true);
  if (!r) throw notFound(`No blog post with id ${id}`);
  return { ...toPost(r), body: r.body! };
}

async function categoryName(db: Db, id: number) {
  const name = await adminBlogRepository(db).categoryName(id);
  if (name === undefined) throw badRequest(`No blog category with id ${id}`);
  return name;
}

const commentList = async (db: Db, f: CommentFilter, limit: number, lock = false) =>
  (await adminBlogRepository(db).comments(f, limit, lock)).map(toComment);

export function adminBlogService(db: Db) {
  const categories = () => adminBlogRepository(db).categories();
  return {
    async posts(q: PostsQuery) {
      const size = q.pagesize ?? 50;
      const list = await adminBlogRepository(db).posts(q, size + 1);
      return page(list.map(toPost), size);
    },

    post: (id: number) => onePost(db, id),

    /** A new post is a draft: it shows nowhere until published. */
    create: (me: SessionUser, input: PostInput) =>
      transaction(db, async (tx) => {
        const repo = adminBlogRepository(tx);
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
        const [row] = await slugTaken('slug', () => repo.insertPost(values));
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

    update: (me: SessionUser, id: number, input: PostInput) =>
      transaction(db, async (tx) => {
        const repo = adminBlogRepository(tx);
        const locked = await repo.lockPost(id);
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
        await slugTaken('slug', () => repo.updatePost(id, { ...next, updatedAt: new Date() }));
        // The cover names what it draws: a new title, colour or category draws a new one.
        const key = coverKey(
          next.slug,
          next.coverColor,
          next.title,
          await categoryName(tx, next.categoryId),
        );
        if (key !== locked.coverKey) await repo.updatePost(id, { coverKey: key });
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
    publish: (me: SessionUser, id: number, published: boolean, note?: string) =>
      transaction(db, async (tx) => {
        const repo = adminBlogRepository(tx);
        const locked = await repo.lockPost(id);
        if (!locked) throw notFound(`No blog post with id ${id}`);
        if ((locked.publishedAt !== null) === published)
          throw conflict(`This post is already ${published ? 'published' : 'a draft'}`);
        const at = published ? new Date() : null;
        await repo.updatePost(id, { publishedAt: at, updatedAt: new Date() });
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

    categories,

    /** Ids of blog categories are small and chosen here: the seeded ones come from the content file. */
    createCategory: (me: SessionUser, input: { name: string; slug?: string; note?: string }) =>
      transaction(db, async (tx) => {
        const repo = adminBlogRepository(tx);
        const name = input.name.trim();
        const slug = input.slug || slugOf(name);
        if (!slug) throw badRequest('Give the category a name with letters or digits');
        const next = await repo.nextCategoryId();
        await slugTaken('name or slug', () => repo.insertCategory({ id: next, name, slug }));
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
      me: SessionUser,
      id: number,
      input: { name?: string; slug?: string; note?: string },
    ) =>
      transaction(db, async (tx) => {
        const repo = adminBlogRepository(tx);
        const c = await repo.lockCategory(id);
        if (!c) throw notFound(`No blog category with id ${id}`);
        const next = { name: input.name?.trim() || c.name, slug: input.slug || c.slug };
        const diff = changedFields({ name: c.name, slug: c.slug }, next);
        if (!Object.keys(diff.after).length) throw badRequest('Nothing to change');
        await slugTaken('name or slug', () => repo.updateCategory(id, next));
        // Covers draw the category's name: its posts get covers of the new name.
        if (next.name !== c.name)
          for (const p of await repo.postsOfCategory(id))
            await repo.updatePost(p.id, {
              coverKey: coverKey(p.slug, p.color, p.title, next.name),
            });
        await recordAudit(tx, {
          actorId: me.id,
          action: 'blogcategory.update',
          targetType: 'blogcategory',
          targetId: id,
          ...diff,
          note: input.note,
        });
        const [out] = (await repo.categories()).filter((x) => x.id === id);
        return out;
      }),

    /** Only an empty category goes: its posts would have nowhere to show. */
    deleteCategory: (me: SessionUser, id: number, confirm: unknown, note?: string) => {
      requireConfirm(confirm, 'delete this blog category');
      return transaction(db, async (tx) => {
        const repo = adminBlogRepository(tx);
        const c = await repo.lockCategory(id);
        if (!c) throw notFound(`No blog category with id ${id}`);
        const n = await repo.countPostsIn(id);
        if (n > 0)
          throw conflict(`${c.name} has ${plural(n, 'post')}: move them to another category first`);
        await repo.deleteCategory(id);
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

    async comments(q: CommentsQuery) {
      const size = q.pagesize ?? 50;
      const filter = { state: q.state || 'new', postId: q.postId, lastId: q.lastId };
      return page(await commentList(db, filter, size + 1), size);
    },

    /** hide: off the public post; approve: kept (and shown again if it was hidden). */
    moderate: (me: SessionUser, id: number, to: 'hide' | 'approve', note?: string) =>
      transaction(db, async (tx) => {
        const repo = adminBlogRepository(tx);
        const c = await repo.lockCommentState(id);
        if (!c) throw notFound(`No comment with id ${id}`);
        const before = { hidden: c.hiddenAt !== null, approved: c.approvedAt !== null };
        const after =
          to === 'hide' ? { hidden: true, approved: false } : { hidden: false, approved: true };
        if (before.hidden === after.hidden && before.approved === after.approved)
          throw conflict(`This comment is already ${to === 'hide' ? 'hidden' : 'approved'}`);
        const now = new Date();
        await repo.setCommentState(
          id,
          to === 'hide' ? { hiddenAt: now, approvedAt: null } : { hiddenAt: null, approvedAt: now },
        );
        await recordAudit(tx, {
          actorId: me.id,
          action: `comment.${to}`,
          targetType: 'comment',
          targetId: id,
          before,
          after,
          note,
        });
        const [item] = await commentList(tx, { id }, 1);
        return item;
      }),

    deleteComment: (me: SessionUser, id: number, confirm: unknown, note?: string) => {
      requireConfirm(confirm, 'delete this comment');
      return transaction(db, async (tx) => {
        const [item] = await commentList(tx, { id }, 1, true);
        if (!item) throw notFound(`No comment with id ${id}`);
        await adminBlogRepository(tx).deleteComment(id);
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
}

export type AdminBlogService = ReturnType<typeof adminBlogService>;
