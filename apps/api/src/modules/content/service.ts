import type { FastifyInstance } from 'fastify';
import {
  COMMENT_RATE,
  CONTACT_RATE,
  MESSAGES,
  NEWSLETTER_RATE,
  PAGE_SIZE,
  isEmail,
  validateComment,
  validateContact,
  type ContactField,
  type ContactErrors,
} from '@sf/shared';
import { badRequest, invalid, notFound, tooMany } from '../../lib/errors.ts';
import { addressKey, take, waitText } from '../../lib/limits.ts';
import { queueMail, type MailMessage } from '../../lib/mail.ts';
import { INT4_MAX } from '../../lib/schemas.ts';
import { blogCoverUrl, blogShareImageUrl } from '../images/urls.ts';
import { contentRepository, type PostRow } from './repository.ts';
import type {
  BlogCategory,
  BlogComment,
  BlogPost,
  BlogPostItem,
  StaticPage,
  StaticSection,
} from './types.ts';

/** 'abc' → slug, '12' → id; digits beyond an integer id are no id (and no slug either). */
const idOrSlug = (v: string): number | string =>
  /^\d{1,10}$/.test(v) && Number(v) <= INT4_MAX ? Number(v) : v.toLowerCase();

const postItem = (r: PostRow): BlogPostItem => ({
  id: r.id,
  slug: r.slug,
  title: r.title,
  excerpt: r.excerpt,
  author: r.author,
  // Public readers select published posts only.
  published_at: r.publishedAt!.toISOString(),
  category_id: r.categoryId,
  category_name: r.categoryName,
  category_slug: r.categorySlug,
  cover_color: r.coverColor,
  cover_url: blogCoverUrl(r.coverKey),
  share_image_url: blogShareImageUrl(r.coverKey),
});

/** A refused contact form: the first problem as the message, every problem under its field. */
const contactRefused = (errors: ContactErrors) =>
  invalid(Object.values(errors)[0] ?? 'Check the form', errors);

/** One line of sender text, quoted: newlines and other control characters cannot start a line. */
const quoted = (v: string) => JSON.stringify(v);

/**
 * The support mail of a contact message. What the sender typed is marked as theirs: each
 * single-line field quoted after a label, the message between delimiters with every line
 * prefixed, so no input can forge a line that looks like ours.
 */
export function contactMail(
  to: string,
  row: { id: number; createdAt: Date },
  value: { name: string; email: string; phone?: string; subject: string; message: string },
  meta: { ip: string; userId: string | null },
): MailMessage {
  const oneLine = (v: string) => v.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ');
  return {
    to,
    subject: `[Contact #${row.id}] ${oneLine(value.subject)}`,
    text: [
      `Contact message #${row.id}. Fields marked "(sender)" and the quoted message are what the sender typed; we have not checked them.`,
      '',
      `Name (sender): ${quoted(value.name)}`,
      `E-mail (sender): ${quoted(value.email)}`,
      `Phone (sender): ${value.phone ? quoted(value.phone) : 'not given'}`,
      `Subject (sender): ${quoted(value.subject)}`,
      `Signed-in account: ${meta.userId ?? 'none'}`,
      `Received: ${row.createdAt.toISOString()} from ${meta.ip}`,
      '',
      '----- message typed by the sender, each line starts with "| " -----',
      ...value.message.split(/\r\n|\r|\n|\u2028|\u2029/).map((l) => `| ${l}`),
      '----- end of the message typed by the sender -----',
    ].join('\n'),
  };
}

export function contentService(app: FastifyInstance) {
  const repo = contentRepository(app.db);

  async function findPost(id: string) {
    const post = await repo.post(idOrSlug(id));
    if (!post) throw notFound(`No blog post ${id}`);
    return post;
  }

  return {
    categories: async (): Promise<BlogCategory[]> =>
      (await repo.categories()).map((c) => ({ id: c.id, name: c.name, slug: c.slug })),

    async posts(q: {
      category?: string;
      lastId?: number;
      pagesize?: number;
    }): Promise<{ items: BlogPostItem[]; count: number }> {
      let categoryId: number | undefined;
      if (q.category && q.category !== '0' && q.category !== 'all') {
        const cat = await repo.category(idOrSlug(q.category));
        if (!cat) throw notFound(`No blog category ${q.category}`);
        categoryId = cat.id;
      }
      const limit = Math.min(q.pagesize ?? PAGE_SIZE, PAGE_SIZE);
      const rows = await repo.posts({ categoryId, lastId: q.lastId, limit });
      if (!rows) throw notFound(`No blog post with id ${q.lastId}`);
      return { items: rows.map(postItem), count: await repo.countPosts(categoryId) };
    },

    async post(id: string): Promise<BlogPost> {
      const p = await findPost(id);
      return { ...postItem(p), body: p.body };
    },

    async comments(id: string): Promise<BlogComment[]> {
      const p = await findPost(id);
      const rows = await repo.comments(p.id);
      return rows.map((c) => ({
        id: c.id,
        post_id: p.id,
        body: c.body,
        author_name: c.authorName,
        created_at: c.createdAt.toISOString(),
      }));
    },

    async addComment(
      id: string,
      user: { id: string; name: string },
      raw: unknown,
    ): Promise<BlogComment> {
      const { value, error } = validateComment(raw);
      if (error) throw badRequest(error);
      const p = await findPost(id);
      const slot = await take(app.db, `comment:${user.id}`, COMMENT_RATE);
      if (!slot.ok)
        throw tooMany(
          'You are commenting too fast. Please wait a minute and try again.',
          slot.retryAfterS,
        );
      const c = await repo.addComment(p.id, user.id, value);
      return {
        id: c.id,
        post_id: p.id,
        body: c.body,
        author_name: user.name,
        created_at: c.createdAt.toISOString(),
      };
    },

    async page(slug: string): Promise<StaticPage> {
      const p = await repo.page(slug.toLowerCase());
      if (!p) throw notFound(MESSAGES.pageNotFound(`/static/${slug}`));
      return {
        slug: p.slug,
        title: p.title,
        summary: p.summary,
        body: p.body,
        updated_at: p.updatedAt.toISOString(),
      };
    },

    async sections(slug: string): Promise<StaticSection[]> {
      const p = await repo.page(slug.toLowerCase());
      if (!p) throw notFound(MESSAGES.pageNotFound(`/static/${slug}`));
      return repo.sections(p.slug);
    },

    /** Stores the address once (lower-cased); a repeat is answered as a success. */
    async subscribe(raw: unknown, meta: { ip: string }, source = 'footer') {
      const email = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
      if (!isEmail(email)) throw badRequest(MESSAGES.invalidEmail);
      const slot = await take(app.db, `newsletter:${addressKey(meta.ip)}`, NEWSLETTER_RATE);
      if (!slot.ok)
        throw tooMany(
          `Too many sign-ups from your network. Please try again in ${waitText(slot.retryAfterS)}.`,
          slot.retryAfterS,
        );
      const added = await repo.subscribe(email, source);
      return { added };
    },

    async contact(
      raw: Partial<Record<ContactField, unknown>>,
      meta: { ip: string; userId: string | null },
    ) {
      const { value, errors } = validateContact(raw);
      if (Object.keys(errors).length) throw contactRefused(errors);
      const slot = await take(app.db, `contact:${addressKey(meta.ip)}`, CONTACT_RATE);
      if (!slot.ok)
        throw tooMany(
          `You have sent ${CONTACT_RATE.max} messages in the last hour. Please wait a while, or call us on +234 700 772 7334.`,
          slot.retryAfterS,
        );
      const row = await repo.addContact({
        ...value,
        phone: value.phone ?? null,
        ip: meta.ip,
        userId: meta.userId,
      });
      await queueMail(app.db, contactMail(app.config.supportEmail, row, value, meta));
      return { id: row.id };
    },
  };
}
export type ContentService = ReturnType<typeof contentService>;
