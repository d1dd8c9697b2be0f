import type { FastifyInstance, FastifyReply } from 'fastify';
import { and, asc, desc, eq, gt } from 'drizzle-orm';
import { schema as s, type Db } from '@sf/db';
import { notFound } from '../../lib/errors.ts';
import { Obj, Text, envelope, errorSchema, okStatus } from '../../lib/schemas.ts';
import type { SessionUser } from '../../lib/session.ts';
import { transaction } from '../../lib/tx.ts';
import { changedFields, recordAudit } from '../audit/service.ts';
import adminBlogRoutes from './admin-blog-routes.ts';
import adminInboxRoutes from './admin-inbox-routes.ts';
import { pageItem, sectionItem, slugParam } from './schemas.ts';

// Staff edit the 15 help pages (/static/{slug}): title, summary, body and the ordered sections,
// in the restricted Markdown the public page renders as text (components/rich-text.tsx). The
// write clears the guest page cache like any successful write (web.ts): the page shows it at once.

const pageListItem = Obj({
  slug: { type: 'string' },
  title: { type: 'string' },
  updated_at: { type: 'string' },
});
const pageWithSections = Obj({
  status: okStatus,
  item: pageItem,
  sections: { type: 'array', items: sectionItem },
});
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

interface PageInput {
  title: string;
  summary: string;
  body: string;
  sections: { heading: string; body: string }[];
  note?: string;
}

async function read(db: Db, slug: string) {
  const [p] = await db.select().from(s.staticPages).where(eq(s.staticPages.slug, slug));
  if (!p) throw notFound(`No help page /static/${slug}`);
  const sections = await db
    .select({
      position: s.staticSections.position,
      heading: s.staticSections.heading,
      body: s.staticSections.body,
    })
    .from(s.staticSections)
    .where(eq(s.staticSections.slug, slug))
    .orderBy(asc(s.staticSections.position));
  return {
    item: {
      slug: p.slug,
      title: p.title,
      summary: p.summary,
      body: p.body,
      updated_at: p.updatedAt.toISOString(),
    },
    sections,
  };
}

export const adminPagesService = {
  list: (db: Db) =>
    db
      .select({
        slug: s.staticPages.slug,
        title: s.staticPages.title,
        updatedAt: s.staticPages.updatedAt,
      })
      .from(s.staticPages)
      .orderBy(desc(s.staticPages.updatedAt), s.staticPages.slug)
      .then((r) =>
        r.map((p) => ({ slug: p.slug, title: p.title, updated_at: p.updatedAt.toISOString() })),
      ),

  read,

  /** Replaces the page's text and its sections (in the order given; empty ones dropped). */
  update: (db: Db, me: SessionUser, rawSlug: string, input: PageInput) =>
    transaction(db, async (tx) => {
      const slug = rawSlug.toLowerCase();
      const [locked] = await tx
        .select({ slug: s.staticPages.slug })
        .from(s.staticPages)
        .where(eq(s.staticPages.slug, slug))
        .for('update');
      if (!locked) throw notFound(`No help page /static/${slug}`);
      const before = await read(tx, slug);
      const sections = input.sections
        .map((x) => ({ heading: x.heading.trim(), body: x.body.trim() }))
        .filter((x) => x.heading || x.body);
      await tx
        .update(s.staticPages)
        .set({
          title: input.title.trim(),
          summary: input.summary.trim(),
          body: input.body.trim(),
          updatedAt: new Date(),
        })
        .where(eq(s.staticPages.slug, slug));
      for (const [i, sec] of sections.entries())
        await tx
          .insert(s.staticSections)
          .values({ slug, position: i + 1, heading: sec.heading, body: sec.body })
          .onConflictDoUpdate({
            target: [s.staticSections.slug, s.staticSections.position],
            set: { heading: sec.heading, body: sec.body },
          });
      await tx
        .delete(s.staticSections)
        .where(
          and(eq(s.staticSections.slug, slug), gt(s.staticSections.position, sections.length)),
        );
      const after = await read(tx, slug);
      const strip = (r: typeof before) => ({
        title: r.item.title,
        summary: r.item.summary,
        body: r.item.body,
        sections: r.sections.map((x) => ({ heading: x.heading, body: x.body })),
      });
      const diff = changedFields(strip(before), strip(after));
      if (Object.keys(diff.after).length)
        await recordAudit(tx, {
          actorId: me.id,
          action: 'page.update',
          targetType: 'page',
          targetId: slug,
          ...diff,
          note: input.note,
        });
      return after;
    }),
};

/** Staff content: help pages, the blog, newsletter subscribers and contact messages. */
export default async function adminPageRoutes(app: FastifyInstance) {
  await adminBlogRoutes(app);
  await adminInboxRoutes(app);
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');
  const tags = ['admin'];
  app.get(
    '/api/admin/pages',
    {
      schema: {
        tags,
        summary: 'The help pages, last changed first',
        response: { 200: envelope(pageListItem), 401: errorSchema, 403: errorSchema },
      },
    },
    async (_req, reply) =>
      noStore(reply).send({ status: true, items: await adminPagesService.list(app.db) }),
  );
  app.get<{ Params: { slug: string } }>(
    '/api/admin/pages/:slug',
    {
      schema: {
        tags,
        summary: 'One help page with its sections, for editing',
        params: slugParam,
        response: { 200: pageWithSections, ...errors },
      },
    },
    async (req, reply) =>
      noStore(reply).send({ status: true, ...(await read(app.db, req.params.slug.toLowerCase())) }),
  );
  app.put<{ Params: { slug: string }; Body: PageInput }>(
    '/api/admin/pages/:slug',
    {
      schema: {
        tags,
        summary: "Replaces a help page's title, summary, body and sections (restricted Markdown)",
        params: slugParam,
        body: {
          type: 'object',
          required: ['title', 'summary', 'body', 'sections'],
          additionalProperties: false,
          properties: {
            title: Text({ minLength: 1, maxLength: 120 }),
            summary: Text({ maxLength: 300 }),
            body: Text({ maxLength: 20_000, multiline: true }),
            sections: {
              type: 'array',
              maxItems: 60,
              items: {
                type: 'object',
                required: ['heading', 'body'],
                additionalProperties: false,
                properties: {
                  heading: Text({ maxLength: 200 }),
                  body: Text({ maxLength: 5000, multiline: true }),
                },
              },
            },
            note: Text({ maxLength: 500, multiline: true }),
          },
        },
        response: { 200: pageWithSections, ...errors },
      },
    },
    async (req, reply) =>
      noStore(reply).send({
        status: true,
        ...(await adminPagesService.update(app.db, req.user!, req.params.slug, req.body)),
      }),
  );
}
